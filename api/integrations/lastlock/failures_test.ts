// When Last Lock is down, slow, refuses the token or answers garbage: a 502 (slow: 504)
// with a readable error, never a crash, and nothing written here.
import { assert, assertEquals } from "../../testing/assert.ts";
import { addUser, signInAdmin, type TestApp } from "../../testing/test_app.ts";
import { STATUS } from "./protocol.ts";
import { describeLastLock } from "./testing.ts";

async function counts(app: TestApp) {
  const [row] = await app.sql`select
    (select count(*)::int from devices where type = 'lastlock') as locks,
    (select count(*)::int from devices where type = 'lastlock' and not is_pending) as approved,
    (select count(*)::int from lastlock_credentials) as credentials,
    (select count(*)::int from device_credentials) as assignments,
    (select coalesce(sum(credential_count), 0)::int from devices) as credential_count`;
  return row;
}

describeLastLock(
  "Last Lock down: status says so, changes answer 502",
  async (t, { app, simulator }) => {
    const admin = await signInAdmin(app);
    simulator.stop();

    await t.step("status: not connected, with the reason", async () => {
      const res = await admin.request("GET", "/api/lastlock/status");
      assertEquals(res.status, 200);
      assertEquals(res.json.connected, false);
      assertEquals(res.json.hasApiToken, true);
      assertEquals(res.json.error, "Cannot reach the Last Lock service");
    });

    await t.step("discovery: 502 and nothing stored", async () => {
      const before = await counts(app);
      const res = await admin.request("POST", "/api/lastlock/devices/discover");
      assertEquals(res.status, 502);
      assertEquals(res.json, { error: "Cannot reach the Last Lock service", code: "bad_gateway" });
      assertEquals(await counts(app), before);
    });
  },
);

describeLastLock(
  "Last Lock misbehaving: timeouts, errors and garbage change nothing",
  async (t, { app, simulator }) => {
    const admin = await signInAdmin(app);
    const memberId = await addUser(app.sql, { email: "member@example.com" });
    // A working starting point: locks discovered, one approved, one credential on it.
    await admin.request("POST", "/api/lastlock/devices/discover");
    const [{ id: lock }] = await app.sql`select id from devices where last_lock_device_id = 70101`;
    const [{ id: waiting }] = await app
      .sql`select id from devices where last_lock_device_id = 70201`;
    assertEquals(
      (await admin.request("POST", `/api/lastlock/devices/${lock}/approve`)).status,
      200,
    );
    const created = await admin.request("POST", `/api/lastlock/users/${memberId}/credentials`, {
      body: { credentialType: "APPLE_WALLET", credentialData: "d2FsbGV0" },
    });
    const credential = created.json.id;
    const spare = (await admin.request("POST", `/api/lastlock/users/${memberId}/credentials`, {
      body: { credentialType: "EM41XX", credentialData: "AQID" },
    })).json.id;
    assertEquals(
      (await admin.request("POST", `/api/lastlock/devices/${lock}/credentials/${credential}`))
        .status,
      201,
    );
    const baseline = await counts(app);

    const DISCOVER = "/api/lastlock/devices/discover";
    const UNREADABLE = "The Last Lock service sent an answer Threshold cannot read";
    const LATE = "The Last Lock service did not answer within 2 s";
    const expectFailure = async (
      status: 502 | 504,
      method: string,
      path: string,
      error: string,
      body?: unknown,
      headers?: Record<string, string>,
    ) => {
      const res = await admin.request(method, path, { body, headers });
      const code = status === 504 ? "gateway_timeout" : "bad_gateway";
      assertEquals([res.status, res.json], [status, { error, code }], `${method} ${path}`);
      assertEquals(await counts(app), baseline, `${method} ${path} wrote nothing`);
    };

    await t.step("a slow answer is cut at the deadline", async () => {
      simulator.misbehave({ kind: "delay", ms: 10_000 }, { times: 1 });
      const started = Date.now();
      await expectFailure(504, "POST", DISCOVER, LATE);
      assert(Date.now() - started < 6_000);
    });

    await t.step("garbage bytes are refused", async () => {
      simulator.misbehave({ kind: "garbage" }, { times: 1 });
      await expectFailure(502, "POST", DISCOVER, UNREADABLE);
    });

    await t.step("an approval Last Lock answers with an empty device is not recorded", async () => {
      simulator.misbehave({ kind: "empty" }, { method: "ApproveDevice", times: 1 });
      await expectFailure(502, "POST", `/api/lastlock/devices/${waiting}/approve`, UNREADABLE);
      const [row] = await app.sql`select is_pending from devices where id = ${waiting}`;
      assertEquals(row.isPending, true);
    });

    await t.step("an internal error on create stores no credential", async () => {
      simulator.misbehave({ kind: "error", code: STATUS.INTERNAL, message: "disk full" }, {
        times: 1,
      });
      await expectFailure(
        502,
        "POST",
        `/api/lastlock/users/${memberId}/credentials`,
        "The Last Lock service failed to handle the request",
        { credentialType: "EM41XX", credentialData: "AQID" },
      );
    });

    await t.step("an unavailable service assigns nothing", async () => {
      simulator.misbehave({ kind: "error", code: STATUS.UNAVAILABLE }, {
        method: "AssignCredential",
        times: 1,
      });
      await expectFailure(
        502,
        "POST",
        `/api/lastlock/devices/${lock}/credentials/${spare}`,
        "Cannot reach the Last Lock service",
      );
    });

    await t.step("a failed removal keeps the assignment", async () => {
      simulator.misbehave({ kind: "delay", ms: 10_000 }, { method: "RemoveCredential", times: 1 });
      await expectFailure(
        504,
        "DELETE",
        `/api/lastlock/devices/${lock}/credentials/${credential}`,
        LATE,
      );
      assertEquals(simulator.state.assigned(70101).length, 1);
    });

    await t.step("with an Idempotency-Key the failure is not remembered", async () => {
      const headers = { "idempotency-key": "discover-1" };
      simulator.misbehave({ kind: "garbage" }, { times: 1 });
      await expectFailure(
        502,
        "POST",
        DISCOVER,
        UNREADABLE,
        undefined,
        headers,
      );
      // The retry does the work once the service answers again.
      const retry = await admin.request("POST", DISCOVER, { headers });
      assertEquals(retry.status, 200);
    });

    await t.step("the lock's credential list is a 502 too, not a crash", async () => {
      simulator.misbehave({ kind: "garbage" }, { times: 1 });
      const res = await admin.request("GET", `/api/lastlock/devices/${lock}/credentials`);
      assertEquals(res.status, 502);
      const status = await admin.request("GET", "/api/lastlock/status");
      assertEquals(status.json.connected, true, "one bad answer does not stick");
    });
  },
);

describeLastLock(
  "Last Lock with a wrong token: not connected, and the token is never shown",
  async (t, { app }) => {
    const admin = await signInAdmin(app);
    await t.step("status and discovery", async () => {
      const status = await admin.request("GET", "/api/lastlock/status");
      assertEquals(status.json.connected, false);
      assertEquals(status.json.hasApiToken, true);
      assertEquals(status.json.error, "The Last Lock service refused the API token");
      assert(!status.text.includes("wrong-token-123"));
      const res = await admin.request("POST", "/api/lastlock/devices/discover");
      assertEquals([res.status, res.json.error], [
        502,
        "The Last Lock service refused the API token",
      ]);
    });
  },
  () => ({ LASTLOCK_API_TOKEN: "wrong-token-123" }),
);

describeLastLock(
  "Last Lock without a token: hasApiToken false",
  async (t, { app }) => {
    const admin = await signInAdmin(app);
    await t.step("status", async () => {
      const status = await admin.request("GET", "/api/lastlock/status");
      assertEquals([status.json.connected, status.json.hasApiToken], [false, false]);
    });
  },
  () => ({ LASTLOCK_API_TOKEN: "" }),
);
