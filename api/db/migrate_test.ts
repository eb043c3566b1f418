import assert from "node:assert/strict";
import postgres from "postgres";
import { connectServer, type Sql } from "./connect.ts";
import { migrate, migrationFiles } from "./migrate.ts";
import { freshDatabase } from "./test_db.ts";
import { belongingsLeft, giveBelongings } from "../testing/belongings.ts";

// Every table of the spec (plus sign-in state) with exactly these columns.
const TABLES: Record<string, string> = {
  users: "id email password_hash first_name last_name is_active stripe_customer_id " +
    "stripe_verification_session_id stripe_verification_status stripe_verified_at " +
    "stripe_verification_url stripe_verification_error_code " +
    "stripe_verification_error_message stripe_verification_event_at " +
    "created_at updated_at external_id",
  groups: "id name description is_active lockdown_override created_at updated_at external_id",
  user_groups: "user_id group_id created_at",
  user_credentials: "id user_id type facility_code card_code is_active created_at updated_at",
  passkeys: "id user_id credential_id public_key counter device_type transports " +
    "backup_eligible backup_state user_display_name created_at last_used_at",
  lastlock_credentials: "id user_id credential_type credential_data schedule_data is_active " +
    "provider_credential_id created_at updated_at",
  rooms: "id name description is_active capacity created_at updated_at unlock_schedule_id " +
    "first_person_in held_open_seconds",
  devices: "id name device_id type manufacturer room_id is_active is_pending " +
    "density_space_id density_api_token density_client_id density_client_secret " +
    "density_auth_type last_lock_device_id last_lock_description last_lock_time_created " +
    "credential_count " +
    "last_sync unifi_device_id unifi_model unifi_ip unifi_mac unifi_is_online last_seen " +
    "firmware camera_specs sensor_specs api_key_hash api_key_created_at api_key_rotated_at " +
    "api_key_simulated created_at updated_at last_lock_reported_description",
  group_rooms: "group_id room_id created_at schedule_id updated_at",
  schedules: "id name description time_zone weekly holiday_calendar_id created_at updated_at",
  holiday_calendars: "id name holidays created_at updated_at",
  lockdowns: "id scope room_ids reason started_at started_by ended_at ended_by",
  sensor_data: "id device_id timestamp count event_type analytics created_at",
  device_credentials: "id device_id credential_id assigned_at created_at",
  access_logs: "id user_id user_name device_id device_name room_id room_name " +
    "credential_type action outcome reason timestamp created_at event_id visit_id",
  sessions: "token_hash user_id created_at last_seen_at expires_at user_agent ip",
  passkey_challenges: "challenge kind user_id email expires_at created_at room_id",
  unlock_throttle: "user_id tokens updated_at",
  events: "id txid type subject_id at",
  webhooks: "id url description event_types is_active secret created_at updated_at",
  webhook_deliveries: "id webhook_id event_id status attempts last_status_code last_error " +
    "next_attempt_at body created_at",
  housekeeping: "id next_run_at last_run_at runs",
  access_list_generation: "only_row generation moved_by changes_after",
  access_list_changes: "generation xid user_ids group_ids room_level at",
  door_events: "id event_id device_id at type released received_at",
  door_states: "device_id position since last_at tamper held_open_due_at",
  alarms: "id type severity device_id device_name room_id room_name started_at cleared_at " +
    "acknowledged_at acknowledged_by resolved_at resolved_by note",
  idempotency_keys: "user_id key method path request_hash state response_status " +
    "response_body created_at",
  invitations: "id user_id email invited_by status created_at sent_at token_hash expires_at used_at voided_at",
  password_resets: "id email user_id token_hash created_at expires_at used_at",
  visits: "id guest_name guest_email host_id starts_at ends_at note pin pass_hash bounded_by_host " +
    "revoked_at arrived_at arrival_noticed_at created_by created_at updated_at",
  visit_rooms: "visit_id room_id",
  pin_failures: "device_id at",
  pin_lockouts: "device_id until",
  access_list_visits: "only_row generation as_of moved_by",
  oidc_flows: "token_hash state nonce code_verifier redirect_uri expires_at created_at",
  door_locks_told: "room_id lock",
  lastlock_sync_queue: "id last_lock_device_id provider_credential_id reason queued_at",
  lastlock_lock_syncs: "last_lock_device_id lease leased_until next_pass_at failures last_error last_pass_at",
};

async function rejectsWith(code: string, work: () => Promise<unknown>) {
  await assert.rejects(work, (error: { code?: string }) => {
    assert.equal(error.code, code);
    return true;
  });
}

async function addUser(sql: Sql, email: string, name = "Test User"): Promise<number> {
  const [firstName, lastName] = name.split(" ");
  const [row] = await sql`insert into users ${
    sql({ email, passwordHash: "x", firstName, lastName })
  }
    returning id`;
  return row.id as number;
}

Deno.test("migrations", async (t) => {
  const db = await freshDatabase();
  const { sql } = db;
  try {
    await t.step("every table exists with its columns", async () => {
      const rows = await sql<{ tableName: string; columnName: string }[]>`
        select table_name, column_name from information_schema.columns
        where table_schema = 'public' and table_name in ${sql(Object.keys(TABLES))}`;
      for (const [table, columns] of Object.entries(TABLES)) {
        const actual = rows.filter((r) => r.tableName === table).map((r) => r.columnName);
        assert.deepEqual(actual.sort(), columns.split(" ").sort(), table);
      }
    });

    await t.step("a second run applies nothing", async () => {
      assert.deepEqual(await migrate(sql), []);
      const recorded = await sql`select name from schema_migrations order by name`;
      assert.deepEqual(recorded.map((r) => r.name), migrationFiles());
    });

    await t.step("e-mail is unique regardless of case", async () => {
      await addUser(sql, "Casey@Example.test");
      await rejectsWith("23505", () => addUser(sql, "casey@example.TEST"));
    });

    await t.step("device_id is unique", async () => {
      await sql`insert into devices (name, device_id, type) values ('A', 'DEV000001', 'lock')`;
      await rejectsWith(
        "23505",
        () => sql`insert into devices (name, device_id, type) values ('B', 'DEV000001', 'reader')`,
      );
    });

    await t.step("checks reject bad values", async () => {
      await rejectsWith(
        "23514",
        () => sql`insert into devices (name, device_id, type) values ('X', 'DEV000009', 'toaster')`,
      );
      await rejectsWith("23514", () => sql`insert into rooms (name, capacity) values ('X', 0)`);
    });

    await t.step("defaults", async () => {
      const userId = await addUser(sql, "defaults@example.test");
      const [user] = await sql`select is_active from users where id = ${userId}`;
      const [group] = await sql`insert into groups (name) values ('G') returning is_active`;
      const [room] = await sql`insert into rooms (name) values ('R') returning is_active, capacity`;
      const [device] = await sql`insert into devices (name, device_id, type)
        values ('D', 'DEV000002', 'density')
        returning is_active, is_pending, density_auth_type, credential_count`;
      const [passkey] = await sql`insert into passkeys (user_id, credential_id, public_key)
        values (${userId}, 'cred-defaults', 'pk') returning counter, transports, backup_eligible`;
      assert.equal(user.isActive, true);
      assert.equal(group.isActive, true);
      assert.deepEqual({ ...room }, { isActive: true, capacity: 15 });
      assert.deepEqual({ ...device }, {
        isActive: true,
        isPending: false,
        densityAuthType: "bearer",
        credentialCount: 0,
      });
      // bigint arrives as a string from postgres.js
      assert.deepEqual({ ...passkey }, { counter: "0", transports: [], backupEligible: false });
    });

    await t.step("deleting a user removes what is theirs and keeps the audit trail", async () => {
      const userId = await addUser(sql, "leaver@example.test", "Lee Leaver");
      await giveBelongings(sql, userId, "Leavers");
      await sql`insert into sessions (token_hash, user_id, expires_at)
        values ('hash-leaver', ${userId}, now() + interval '1 day')`;
      await sql`insert into access_logs (user_id, user_name, action, outcome)
        values (${userId}, 'Lee Leaver', 'Badge Scan', 'success')`;

      await sql`delete from users where id = ${userId}`;

      assert.deepEqual(await belongingsLeft(sql, userId), {
        groups: 0,
        credentials: 0,
        passkeys: 0,
        sessions: 0,
      });
      const logs =
        await sql`select user_id, user_name from access_logs where user_name = 'Lee Leaver'`;
      assert.deepEqual(logs.map((r) => ({ ...r })), [{ userId: null, userName: "Lee Leaver" }]);
    });

    await t.step("deleting a room frees its devices, drops its grants, keeps its log", async () => {
      const [room] = await sql`insert into rooms (name) values ('Doomed') returning id`;
      const [group] = await sql`insert into groups (name) values ('Holders') returning id`;
      await sql`insert into group_rooms (group_id, room_id) values (${group.id}, ${room.id})`;
      const [device] = await sql`insert into devices (name, device_id, type, room_id)
        values ('Door', 'DEV000003', 'lock', ${room.id}) returning id`;
      await sql`insert into access_logs (room_id, room_name, action, outcome)
        values (${room.id}, 'Doomed', 'Badge Scan', 'success')`;

      await sql`delete from rooms where id = ${room.id}`;

      const logs = await sql`select room_id, room_name from access_logs where room_name = 'Doomed'`;
      assert.deepEqual(logs.map((r) => ({ ...r })), [{ roomId: null, roomName: "Doomed" }]);

      const [freed] = await sql`select room_id from devices where id = ${device.id}`;
      assert.equal(freed.roomId, null);
      const grants = await sql`select 1 from group_rooms where room_id = ${room.id}`;
      assert.equal(grants.length, 0);
    });

    await t.step("deleting a device keeps its access logs", async () => {
      const [device] = await sql`insert into devices (name, device_id, type)
        values ('Gone Reader', 'DEV000004', 'reader') returning id`;
      await sql`insert into access_logs (device_id, device_name, action, outcome)
        values (${device.id}, 'Gone Reader', 'Badge Scan', 'denied')`;
      await sql`delete from devices where id = ${device.id}`;
      const logs = await sql`select device_id, device_name from access_logs
        where device_name = 'Gone Reader'`;
      assert.deepEqual(logs.map((r) => ({ ...r })), [{
        deviceId: null,
        deviceName: "Gone Reader",
      }]);
    });

    await t.step("updated_at moves on every update and round-trips as a Date", async () => {
      const [room] = await sql`insert into rooms (name) values ('Versioned')
        returning id, created_at, updated_at`;
      assert.equal(room.updatedAt.getTime(), room.createdAt.getTime());
      // Two updates in one transaction: now() would not move, clock_timestamp() may
      // not move by a whole millisecond; the trigger still must.
      const versions = await sql.begin(async (tx) => {
        const [a] =
          await tx`update rooms set name = 'V2' where id = ${room.id} returning updated_at`;
        const [b] =
          await tx`update rooms set name = 'V3' where id = ${room.id} returning updated_at`;
        return [a.updatedAt as Date, b.updatedAt as Date];
      });
      assert.ok(versions[0] > room.updatedAt);
      assert.ok(versions[1] > versions[0]);
      const [match] = await sql`select count(*)::int as n from rooms
        where id = ${room.id} and updated_at = ${versions[1]}`;
      assert.equal(match.n, 1);
    });

    await t.step(
      "a device's version moves on every column but its key",
      async () => {
        const notVersioned = [
          "id",
          "updated_at",
          "api_key_hash",
          "api_key_created_at",
          "api_key_rotated_at",
          "api_key_simulated",
        ];
        // The trigger names the columns that move the version: all the others.
        const [trigger] = await sql<{ columns: string[] }[]>`
        select array_agg(a.attname::text order by a.attname) as columns
        from pg_trigger t join pg_attribute a
          on a.attrelid = t.tgrelid and a.attnum = any(t.tgattr::int2[])
        where t.tgname = 'devices_set_updated_at'`;
        const versioned = TABLES.devices.split(" ").filter((c) => !notVersioned.includes(c)).sort();
        assert.deepEqual(trigger.columns, versioned);

        const [device] = await sql`insert into devices (name, device_id, type)
        values ('Versioned Door', 'VERSIONED-1', 'reader') returning id, updated_at`;
        const version = async () =>
          (await sql`select updated_at from devices where id = ${device.id}`)[0].updatedAt as Date;
        await sql`update devices set api_key_hash = 'h', api_key_created_at = now(),
        api_key_rotated_at = now(), api_key_simulated = true where id = ${device.id}`;
        assert.equal((await version()).getTime(), device.updatedAt.getTime(), "a new key");
        await sql`update devices set name = 'Versioned Door' where id = ${device.id}`;
        assert.equal((await version()).getTime(), device.updatedAt.getTime(), "nothing changed");
        await sql`update devices set name = 'Renamed Door' where id = ${device.id}`;
        assert.ok(await version() > device.updatedAt, "a rename moves it");
      },
    );
  } finally {
    await db.close();
  }
});

// Two API processes starting together on a brand-new database: each migration must
// still run exactly once. Needs a real server (PGlite has one connection).
Deno.test({
  name: "concurrent migrations on a brand-new database apply each file once",
  ignore: !Deno.env.get("DATABASE_URL"),
  async fn() {
    const url = Deno.env.get("DATABASE_URL")!;
    const name = `threshold_test_race_${crypto.randomUUID().replaceAll("-", "").slice(0, 12)}`;
    const admin = postgres(url, { max: 1, onnotice: () => {} });
    await admin.unsafe(`create database ${name}`);
    const target = new URL(url);
    target.pathname = `/${name}`;
    const [a, b] = [await connectServer(target.href, 2), await connectServer(target.href, 2)];
    try {
      const [appliedA, appliedB] = await Promise.all([migrate(a.sql), migrate(b.sql)]);
      assert.deepEqual([...appliedA, ...appliedB].sort(), migrationFiles());
      const recorded = await a.sql`select name from schema_migrations order by name`;
      assert.deepEqual(recorded.map((r) => r.name), migrationFiles());
    } finally {
      await a.close();
      await b.close();
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  },
});
