// POST /api/access/decisions: every rule, each with its own reason, and the log
// row every decision writes.
import { assert, assertEquals, assertMatch } from "../testing/assert.ts";
import { describeApp, startTestApp, type TestApp } from "../testing/test_app.ts";
import { building, CARD, deviceClient, logCount } from "./testing.ts";
import { decideAll, lateAnswers } from "./decisions.ts";
import { poolOf } from "../db/guard.ts";

describeApp("access decisions", async (t, testApp) => {
  const { sql } = testApp;
  const b = await building(testApp);
  const decide = (credential: unknown = CARD, action?: string) =>
    b.device("POST", "/api/access/decisions", { body: { credential, action } });
  const lastLog = async () => (await sql`select * from access_logs order by id desc limit 1`)[0];

  await t.step(
    "an active member's active badge at their room's active door is granted",
    async () => {
      const res = await decide();
      assertEquals(res.status, 200);
      assertEquals(res.json.decision, "granted");
      assertEquals(res.json.reason, "granted");
      assertEquals(res.json.userId, b.userId);
      assertEquals(res.json.userName, "Ada Lovelace");
      const log = await lastLog();
      assertEquals(Number(log.id), res.json.logId);
      assertEquals(log.userId, b.userId);
      assertEquals(log.userName, "Ada Lovelace");
      assertEquals(log.deviceId, b.deviceId);
      assertEquals(log.deviceName, "Lab Reader");
      assertEquals(log.roomId, b.roomId);
      assertEquals(log.roomName, "Lab");
      assertEquals(log.credentialType, "HID Prox");
      assertEquals(log.action, "Unlock"); // the default
      assertEquals(log.outcome, "success");
      assertEquals(log.reason, null);
      assertEquals(log.eventId, null);
    },
  );

  await t.step("the decision shows in the user's log and on the device", async () => {
    const logs = await b.admin.request("GET", `/api/users/${b.userId}/logs`);
    assertEquals(logs.status, 200);
    assertEquals(logs.json.items[0].outcome, "success");
    assertEquals(logs.json.items[0].deviceName, "Lab Reader");
    const device = await b.admin.request("GET", `/api/devices/${b.deviceId}`);
    assertEquals(device.json.lastAccessOutcome, "authorized");
    assertEquals(device.json.lastAccessCredential, "HID Prox");
    assert(device.json.lastAccessAttempt, "last access attempt is set");
  });

  await t.step("a door reporting an attempt does not move the device's version", async () => {
    const [before] = await sql`select updated_at from devices where id = ${b.deviceId}`;
    await decide();
    const [after] = await sql`select updated_at from devices where id = ${b.deviceId}`;
    assertEquals(after.updatedAt, before.updatedAt);
    await sql`update devices set name = 'Lab Reader' || '' where id = ${b.deviceId}`;
    await sql`update devices set manufacturer = 'HID' where id = ${b.deviceId}`;
    const [edited] = await sql`select updated_at from devices where id = ${b.deviceId}`;
    assert(edited.updatedAt > before.updatedAt, "a person's edit still moves it");
  });

  await t.step("the action is logged as sent; facility and card codes may be numbers", async () => {
    const res = await decide(
      { type: "HID Prox", facilityCode: 117, cardCode: 40001 },
      "Badge Scan",
    );
    assertEquals(res.json.decision, "granted");
    assertEquals((await lastLog()).action, "Badge Scan");
  });

  // Each rule, broken alone, then restored.
  const deactivate = (
    table: string,
    id: number,
  ): [() => Promise<unknown>, () => Promise<unknown>] => [
    () => sql`update ${sql(table)} set is_active = false where id = ${id}`,
    () => sql`update ${sql(table)} set is_active = true where id = ${id}`,
  ];
  const denials: [string, string, () => Promise<unknown>, () => Promise<unknown>][] = [
    ["device_inactive", "Device is deactivated", ...deactivate("devices", b.deviceId)],
    [
      "device_unassigned",
      "Device is not assigned to a room",
      () => sql`update devices set room_id = null where id = ${b.deviceId}`,
      () => sql`update devices set room_id = ${b.roomId} where id = ${b.deviceId}`,
    ],
    ["room_inactive", "Room is deactivated", ...deactivate("rooms", b.roomId)],
    [
      "credential_inactive",
      "Credential is deactivated",
      ...deactivate("user_credentials", b.credentialId),
    ],
    [
      "user_inactive",
      "User is deactivated",
      () => b.admin.request("PATCH", `/api/users/${b.userId}/toggle-active`),
      () => b.admin.request("PATCH", `/api/users/${b.userId}/toggle-active`),
    ],
    ["no_group_access", "No access to this room", ...deactivate("groups", b.groupId)],
    [
      "no_group_access",
      "No access to this room",
      () => sql`delete from group_rooms where group_id = ${b.groupId}`,
      () => sql`insert into group_rooms (group_id, room_id) values (${b.groupId}, ${b.roomId})`,
    ],
    [
      "no_group_access",
      "No access to this room",
      () => sql`delete from user_groups where user_id = ${b.userId}`,
      () => sql`insert into user_groups (user_id, group_id) values (${b.userId}, ${b.groupId})`,
    ],
  ];
  for (const [reason, message, breakIt, restore] of denials) {
    await t.step(`${reason}: ${message}`, async () => {
      await breakIt();
      try {
        const before = await logCount(testApp);
        const res = await decide();
        assertEquals(res.status, 200);
        assertEquals(res.json.decision, "denied");
        assertEquals(res.json.reason, reason);
        assertEquals(res.json.message, message);
        assertEquals(res.json.userId, b.userId, "the card's owner is still named");
        assertEquals(await logCount(testApp), before + 1);
        const log = await lastLog();
        assertEquals(log.outcome, "denied");
        assertEquals(log.reason, message);
        assertEquals(log.userId, b.userId);
        assertEquals(log.deviceId, b.deviceId);
        const device = await b.admin.request("GET", `/api/devices/${b.deviceId}`);
        assertEquals(device.json.lastAccessOutcome, "denied");
      } finally {
        await restore();
      }
      assertEquals((await decide()).json.decision, "granted", "restored");
    });
  }

  await t.step("device rules come first: an inactive device denies even a stranger", async () => {
    await sql`update devices set is_active = false where id = ${b.deviceId}`;
    const res = await decide({ type: "EM41", cardCode: "nobody" });
    await sql`update devices set is_active = true where id = ${b.deviceId}`;
    assertEquals(res.json.reason, "device_inactive");
  });

  await t.step("another group holding the room keeps the door open", async () => {
    const [other] = await sql`insert into groups (name) values ('Night shift') returning id`;
    await sql`insert into user_groups (user_id, group_id) values (${b.userId}, ${other.id})`;
    await sql`insert into group_rooms (group_id, room_id) values (${other.id}, ${b.roomId})`;
    await sql`update groups set is_active = false where id = ${b.groupId}`;
    assertEquals((await decide()).json.decision, "granted");
    await sql`update groups set is_active = true where id = ${b.groupId}`;
    await sql`delete from groups where id = ${other.id}`;
  });

  await t.step("an unknown credential is denied and logged without a user", async () => {
    for (
      const credential of [
        { type: "HID Prox", facilityCode: "118", cardCode: CARD.cardCode }, // other facility
        { type: "Mifare", facilityCode: CARD.facilityCode, cardCode: CARD.cardCode }, // other type
        { type: "HID Prox", cardCode: CARD.cardCode }, // no facility code
        { type: "passkey", credentialId: "no-such-passkey" },
        { type: "wallet", credentialId: "no-such-pass" },
      ]
    ) {
      const res = await decide(credential);
      assertEquals(res.json.decision, "denied", JSON.stringify(credential));
      assertEquals(res.json.reason, "unknown_credential");
      assertEquals(res.json.userId, null);
      assertEquals(res.json.userName, null);
      const log = await lastLog();
      assertEquals(log.userId, null);
      assertEquals(log.userName, null);
      assertEquals(log.reason, "Unknown credential");
      assertEquals(log.outcome, "denied");
      assertEquals(log.deviceId, b.deviceId);
    }
    assertEquals((await lastLog()).credentialType, "Wallet");
  });

  await t.step("a badge without a facility code matches one presented without it", async () => {
    await sql`insert into user_credentials (user_id, type, card_code)
      values (${b.userId}, 'EM41', '0A1B2C3D4E')`;
    assertEquals(
      (await decide({ type: "EM41", cardCode: " 0A1B2C3D4E " })).json.decision,
      "granted",
    );
    assertEquals(
      (await decide({ type: "EM41", facilityCode: "", cardCode: "0A1B2C3D4E" })).json.decision,
      "granted",
    );
  });

  await t.step("a passkey and a wallet pass open the door for their owner", async () => {
    await sql`insert into passkeys (user_id, credential_id, public_key)
      values (${b.userId}, 'pk-ada-1', 'key')`;
    await sql`insert into lastlock_credentials (user_id, credential_type, credential_data)
      values (${b.userId}, 'APPLE_WALLET', 'd2FsbGV0LWFkYQ==')`;
    const passkey = await decide({ type: "passkey", credentialId: "pk-ada-1" });
    assertEquals([passkey.json.decision, passkey.json.userId], ["granted", b.userId]);
    assertEquals((await lastLog()).credentialType, "Passkey");
    const wallet = await decide({ type: "wallet", credentialId: "d2FsbGV0LWFkYQ==" });
    assertEquals([wallet.json.decision, wallet.json.userId], ["granted", b.userId]);
    await sql`update lastlock_credentials set is_active = false where user_id = ${b.userId}`;
    assertEquals(
      (await decide({ type: "wallet", credentialId: "d2FsbGV0LWFkYQ==" })).json.reason,
      "credential_inactive",
    );
  });

  await t.step("an attempt asked again with its eventId gets the decision logged for it, logged once", async () => {
    const eventId = crypto.randomUUID();
    const first = await b.device("POST", "/api/access/decisions", { body: { credential: CARD, eventId } });
    assertEquals(first.status, 200);
    const count = await logCount(testApp);
    // The door asks again (its answer was lost), with the badge of someone else even:
    // the attempt is the one logged, and it is answered as it was.
    const again = await b.device("POST", "/api/access/decisions", {
      body: { credential: { type: "EM41", cardCode: "nobody" }, eventId },
    });
    assertEquals(again.status, 200);
    assertEquals(again.json, first.json);
    assertEquals(await logCount(testApp), count, "not logged again");

    // Uploaded first (decided alone, not in the door's list), then asked: its replay.
    const alone = crypto.randomUUID();
    const uploaded = await b.device("POST", "/api/access/devices/self/events", {
      body: [{ eventId: alone, timestamp: new Date().toISOString(), credential: CARD, decision: "denied" }],
    });
    assertEquals(uploaded.json, { accepted: 1, duplicates: 0 });
    const asked = await b.device("POST", "/api/access/decisions", { body: { credential: CARD, eventId: alone } });
    assertEquals(asked.status, 200);
    const [row] = await sql`select id from access_logs where event_id = ${alone}`;
    assertEquals(asked.json, {
      decision: "denied",
      reason: null,
      message: "Denied by the controller",
      userId: b.userId,
      userName: "Ada Lovelace",
      logId: Number(row.id),
    });

    // Another door's attempt with that id is not this door's to replay: refused, logged nowhere.
    const [other] = await sql<{ id: number }[]>`
      insert into devices (name, device_id, type, room_id, api_key_hash)
      values ('Other Reader', 'OTHER-1', 'reader', ${b.roomId}, 'x') returning id`;
    const keyed = await b.admin.request("POST", `/api/devices/${other.id}/api-key`);
    const otherDoor = deviceClient(testApp, keyed.json.apiKey);
    const stolen = await otherDoor("POST", "/api/access/decisions", { body: { credential: CARD, eventId } });
    assertEquals(stolen.status, 503);
    assertEquals(await logCount(testApp), count + 1, "only the upload was logged");
  });

  await t.step("bad input is 400 and logs nothing", async () => {
    const before = await logCount(testApp);
    const bad: [unknown, RegExp][] = [
      [{}, /credential/],
      [{ credential: {} }, /type: must be one of/],
      [{ credential: { type: "Barcode", cardCode: "1" } }, /type: must be one of/],
      [{ credential: { type: "HID Prox" } }, /cardCode/],
      [{ credential: { type: "HID Prox", cardCode: "   " } }, /cardCode: is required/],
      [{ credential: { type: "HID Prox", cardCode: "x".repeat(129) } }, /at most 128/],
      [{ credential: { type: "passkey" } }, /credentialId/],
      [{ credential: CARD, action: "" }, /action: must not be blank/],
      [{ credential: CARD, action: 42 }, /action: must be text/],
      [[CARD], /must be a JSON object/],
    ];
    for (const [body, message] of bad) {
      const res = await b.device("POST", "/api/access/decisions", { body });
      assertEquals(res.status, 400, JSON.stringify(body));
      assert(message.test(res.json.error), `${JSON.stringify(body)}: ${res.json.error}`);
    }
    const garbage = await b.device("POST", "/api/access/decisions", {
      raw: "{not json",
      headers: { "content-type": "application/json" },
    });
    assertEquals(garbage.status, 400);
    assertEquals(await logCount(testApp), before);
  });

  await t.step("without a valid device key nothing is decided or logged", async () => {
    const before = await logCount(testApp);
    const anonymous = await testApp.request("POST", "/api/access/decisions", {
      body: { credential: CARD },
    });
    assertEquals(anonymous.status, 401);
    assertEquals(
      (await b.admin.request("POST", "/api/access/decisions", { body: { credential: CARD } }))
        .status,
      401,
      "an admin's session is not a device key",
    );
    assertEquals(await logCount(testApp), before);
  });
});

describeApp("access decisions arriving together", async (t, testApp) => {
  const { sql } = testApp;
  const b = await building(testApp);
  // A second door, in a room Ada's group does not hold.
  const [vault] = await sql<
    { id: number }[]
  >`insert into rooms (name) values ('Vault') returning id`;
  const made = await b.admin.request("POST", "/api/devices", {
    body: { name: "Vault Reader", type: "reader", roomId: vault.id },
  });
  const vaultKey = (await b.admin.request("POST", `/api/devices/${made.json.id}/api-key`)).json
    .apiKey;
  const vaultDoor = deviceClient(testApp, vaultKey);
  const stranger = deviceClient(testApp, `thd_${"C".repeat(43)}`);
  const at = (door: typeof b.device, credential: unknown, action = "Badge Scan") =>
    door("POST", "/api/access/decisions", { body: { credential, action } });

  await t.step("each of many concurrent decisions gets its own answer and log row", async () => {
    const before = await logCount(testApp);
    const sent = Array.from(
      { length: 40 },
      (_, i) =>
        i % 4 === 0
          ? { expect: "granted", res: at(b.device, CARD, `Lab ${i}`) }
          : i % 4 === 1
          ? { expect: "no_group_access", res: at(vaultDoor, CARD, `Vault ${i}`) }
          : i % 4 === 2
          ? { expect: "unknown_credential", res: at(b.device, { type: "EM41", cardCode: `x${i}` }) }
          : { expect: 401, res: at(stranger, CARD) },
    );
    const answers = await Promise.all(sent.map(async (s) => ({ ...s, res: await s.res })));
    for (const { expect, res } of answers) {
      if (expect === 401) assertEquals(res.status, 401);
      else assertEquals([res.status, res.json.reason], [200, expect]);
    }
    assertEquals(await logCount(testApp), before + 30, "one row per decided request");
    // Each answer names its own row: the row with that id is that request's decision.
    for (const { expect, res } of answers.filter((a) => a.expect !== 401)) {
      const [row] = await sql`select device_name, action, outcome, reason from access_logs
        where id = ${res.json.logId}`;
      assertEquals(row.outcome, expect === "granted" ? "success" : "denied");
      if (expect === "granted") assertMatch(row.action, /^Lab \d+$/);
      if (expect === "no_group_access") {
        assertEquals([row.deviceName, row.reason], ["Vault Reader", "No access to this room"]);
      }
    }
    const ids = answers.filter((a) => a.expect !== 401).map((a) => a.res.json.logId);
    assertEquals(new Set(ids).size, 30);
  });

  await t.step("a decision the database refuses fails alone, not its batch", async () => {
    // A trigger stands in for any row the database might refuse.
    await sql.unsafe(`create function refuse_marked() returns trigger language plpgsql as $$
      begin
        if new.action = 'Refuse me' then raise exception 'refused for the test'; end if;
        return new;
      end $$`);
    await sql`create trigger refuse_marked before insert on access_logs
      for each row execute function refuse_marked()`;
    try {
      const before = await logCount(testApp);
      const answers = await Promise.all(
        Array.from({ length: 12 }, (_, i) => at(b.device, CARD, i === 9 ? "Refuse me" : "Ok")),
      );
      assertEquals(answers.map((a) => a.status), answers.map((_, i) => (i === 9 ? 500 : 200)));
      assertEquals(await logCount(testApp), before + 11);
    } finally {
      await sql`drop trigger refuse_marked on access_logs`;
      await sql`drop function refuse_marked()`;
    }
  });
});

/** Runs fn on an app of its own, made with these settings. */
function withApp(name: string, env: Record<string, string>, fn: (app: TestApp) => Promise<void>) {
  Deno.test({
    name,
    sanitizeOps: false,
    sanitizeResources: false,
    fn: async () => {
      const app = await startTestApp(env);
      try {
        await fn(app);
      } finally {
        await app.close();
      }
    },
  });
}

// Records, at each commit of an access-log row, the synchronous_commit in force then:
// a deferred constraint trigger runs at commit time, after the statement.
async function recordCommitModes(testApp: TestApp) {
  await testApp.sql`create table commit_modes (mode text)`;
  await testApp.sql.unsafe(`create function note_commit_mode() returns trigger
    language plpgsql as $$ begin
      insert into commit_modes values (current_setting('synchronous_commit'));
      return null;
    end $$`);
  await testApp.sql`create constraint trigger note_commit_mode after insert on access_logs
    deferrable initially deferred for each row execute function note_commit_mode()`;
  return async () =>
    (await testApp.sql<{ mode: string }[]>`select mode from commit_modes`).map((r) => r.mode);
}

withApp("decisions commit once the WAL is flushed by default", {}, async (testApp) => {
  const b = await building(testApp);
  const modes = await recordCommitModes(testApp);
  const res = await b.device("POST", "/api/access/decisions", { body: { credential: CARD } });
  assertEquals(res.status, 200);
  assertEquals(await modes(), ["on"]);
});

withApp(
  "DECISIONS_SYNCHRONOUS_COMMIT=off: a decision's own transaction commits without waiting",
  { DECISIONS_SYNCHRONOUS_COMMIT: "off" },
  async (testApp) => {
    const b = await building(testApp);
    const modes = await recordCommitModes(testApp);
    const res = await b.device("POST", "/api/access/decisions", { body: { credential: CARD } });
    assertEquals(res.status, 200);
    assertEquals(await modes(), ["off"]);
    // Its own transaction only: the sessions go on committing synchronously.
    const settings = await Promise.all(
      Array.from({ length: 4 }, () => testApp.sql`show synchronous_commit`),
    );
    assertEquals(settings.map(([row]) => row.synchronousCommit), Array(4).fill("on"));
  },
);

withApp(
  "a decision not decided by its deadline is answered 503 and never logged afterwards",
  { DECISION_DEADLINE_MS: "300" },
  async (testApp) => {
    const b = await building(testApp);
    await b.device("POST", "/api/access/decisions", { body: { credential: CARD } }); // warm
    // On a loaded machine the warm-up itself may pass this short deadline: answered 503,
    // its statement may still be committing. Counted from once nothing is in flight.
    while (poolOf(testApp.sql)!.inUse > 0) await new Promise((r) => setTimeout(r, 10));
    const late = lateAnswers;
    const before = await logCount(testApp);
    // The log is locked for 700 ms: the decision's statement waits for the lock (or,
    // on the embedded database's single connection, for the connection itself).
    let locked!: () => void;
    const isLocked = new Promise<void>((r) => locked = r);
    const holder = testApp.sql.begin(async (tx) => {
      await tx`lock table access_logs in share mode`;
      locked();
      await new Promise((r) => setTimeout(r, 700));
    });
    await isLocked;
    const start = performance.now();
    const res = await b.device("POST", "/api/access/decisions", {
      body: { credential: CARD, action: "Too late" },
    });
    const took = performance.now() - start;
    assertEquals(res.status, 503);
    assertEquals(res.json, { error: "The database is not available", code: "unavailable" });
    assert(took >= 150 && took < 700, `answered at its deadline (${took.toFixed(0)} ms)`);
    await holder;
    await new Promise((r) => setTimeout(r, 300)); // the statement, if any, has run by now
    assertEquals(await logCount(testApp), before, "nothing logged after the deadline");
    const [row] = await testApp.sql`select 1 from access_logs where action = 'Too late'`;
    assertEquals(row, undefined);
    assertEquals(lateAnswers, late);
    // And the door is served again right after.
    const again = await b.device("POST", "/api/access/decisions", { body: { credential: CARD } });
    assertEquals(again.status, 200);
  },
);

describeApp("the decision statement guards its own deadline", async (t, testApp) => {
  const b = await building(testApp);
  const [{ keyHash }] = await testApp.sql<{ keyHash: string }[]>`
    select api_key_hash as key_hash from devices where id = ${b.deviceId}`;
  const offset = poolOf(testApp.sql)!.clockOffsetMs;
  await t.step(
    "past its decideBy (in the database's clock) it is decided, not logged",
    async () => {
      const before = await logCount(testApp);
      const [past, future] = await decideAll(testApp.sql, [
        { keyHash, credential: CARD, action: "Past", decideBy: Date.now() + offset - 50 },
        { keyHash, credential: CARD, action: "Future", decideBy: Date.now() + offset + 60_000 },
      ]);
      assertEquals([past?.logged, future?.logged], [false, true]);
      assertEquals(await logCount(testApp), before + 1);
      const rows = await testApp.sql`select action from access_logs where id in
      (${past!.logId}, ${future!.logId})`;
      assertEquals(rows.map((r) => r.action), ["Future"]);
    },
  );
  await t.step("with the breaker open a decision is refused at once", async () => {
    const breaker = poolOf(testApp.sql)!.breaker;
    breaker.open(new Error("test"));
    const start = performance.now();
    const res = await b.device("POST", "/api/access/decisions", { body: { credential: CARD } });
    assertEquals(res.status, 503);
    assert(performance.now() - start < 200, "at once");
    const end = performance.now() + 5_000;
    while (breaker.isOpen && performance.now() < end) await new Promise((r) => setTimeout(r, 20));
    assertEquals(
      (await b.device("POST", "/api/access/decisions", { body: { credential: CARD } })).status,
      200,
    );
  });
});
