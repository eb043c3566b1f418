// The Last Lock calls of spec 2 §7 through the whole app, the real gRPC client
// and the simulator: discovery, approval and the lock test page's credentials.
import { assert, assertEquals } from "../../testing/assert.ts";
import { addUser, signInAdmin } from "../../testing/test_app.ts";
import { describeLastLock, TEST_TOKEN } from "./testing.ts";

describeLastLock(
  "Last Lock: status, discovery and approval",
  async (t, { app, simulator, target }) => {
    const admin = await signInAdmin(app);
    const lockRows = async () =>
      (await app.sql`select count(*)::int as n from devices where type = 'lastlock'`)[0].n;

    await t.step("status: connected, where, and only whether a token is set", async () => {
      const res = await admin.request("GET", "/api/lastlock/status");
      assertEquals(res.status, 200);
      assertEquals(res.json, {
        connected: true,
        grpcHost: target,
        hasApiToken: true,
        simulated: false,
      });
      assert(!res.text.includes(TEST_TOKEN), "the token is never sent back");
    });

    await t.step("discovery stores every new lock as a pending approval", async () => {
      const res = await admin.request("POST", "/api/lastlock/devices/discover");
      assertEquals(res.status, 200);
      assertEquals(res.json.discovered, 6);
      assertEquals(res.json.newDevices, 6);
      assertEquals(res.json.pending.length, 6);
      assertEquals(await lockRows(), 6);
    });

    await t.step("the pending list has the fields of spec 2 §3", async () => {
      const res = await admin.request("GET", "/api/lastlock/devices/pending");
      assertEquals(res.status, 200);
      const front = res.json.find((d: { name: string }) => d.name === "Front Door Lock");
      assertEquals(Object.keys(front).sort(), [
        "deviceId",
        "id",
        "lastLockDescription",
        "lastLockDeviceId",
        "lastLockTimeCreated",
        "name",
      ]);
      assertEquals(front.lastLockDeviceId, 70201);
      assertEquals(front.deviceId, "LASTLOCK-70201");
      assertEquals(front.lastLockDescription, "Last Lock Pro deadbolt: main entrance, east side");
      assert(!Number.isNaN(Date.parse(front.lastLockTimeCreated)));
      const [row] = await app.sql`select manufacturer, is_pending, is_active, room_id
      from devices where id = ${front.id}`;
      assertEquals(row, {
        manufacturer: "Last Lock",
        isPending: true,
        isActive: true,
        roomId: null,
      });
    });

    await t.step("discovering again adds nothing and keeps local names", async () => {
      await app.sql`update devices set name = 'Main Entrance' where last_lock_device_id = 70201`;
      const res = await admin.request("POST", "/api/lastlock/devices/discover");
      assertEquals([res.json.discovered, res.json.newDevices], [6, 0]);
      assertEquals(await lockRows(), 6);
      const [row] = await app.sql`select name from devices where last_lock_device_id = 70201`;
      assertEquals(row.name, "Main Entrance");
    });

    await t.step("an admin's own description stands at the next discovery; an untouched one follows Last Lock", async () => {
      const description = async (lastLockDeviceId: number) =>
        (await app.sql`select last_lock_description from devices where last_lock_device_id = ${lastLockDeviceId}`)[0]
          .lastLockDescription;
      const [mine] = await app.sql`select id from devices where last_lock_device_id = 70201`;
      const edited = await admin.request("PUT", `/api/devices/${mine.id}`, {
        body: { name: "Main Entrance", deviceId: "LASTLOCK-70201", lastLockDescription: "East door, badge reader left" },
      });
      assertEquals(edited.status, 200, edited.text);
      // Last Lock's own descriptions change meanwhile.
      const [other] = [...(await app.sql`select last_lock_device_id from devices
        where type = 'lastlock' and last_lock_device_id <> 70201 order by last_lock_device_id limit 1`)];
      simulator.state.device(70201)!.description = "Renamed at Last Lock";
      simulator.state.device(other.lastLockDeviceId)!.description = "Moved to the west wing";
      assertEquals((await admin.request("POST", "/api/lastlock/devices/discover")).status, 200);
      assertEquals(await description(70201), "East door, badge reader left");
      assertEquals(await description(other.lastLockDeviceId), "Moved to the west wing");
    });

    const idOf = async (lastLockDeviceId: number) =>
      (await app.sql`select id from devices where last_lock_device_id = ${lastLockDeviceId}`)[0]
        .id as number;

    await t.step("approval asks Last Lock, then leaves the pending list", async () => {
      const id = await idOf(70201);
      const res = await admin.request("POST", `/api/lastlock/devices/${id}/approve`);
      assertEquals(res.status, 200);
      assertEquals(res.json.id, id);
      assertEquals(res.json.isPending, false);
      assertEquals(res.json.type, "lastlock");
      assertEquals(simulator.state.device(70201)?.state, "DEVICE_STATE_APPROVED");

      const pending = await admin.request("GET", "/api/lastlock/devices/pending");
      assert(!pending.json.some((d: { id: number }) => d.id === id));
      const all = await admin.request("GET", "/api/devices");
      const listed = all.json.find((d: { id: number }) => d.id === id);
      assertEquals(listed.isPending, false);
    });

    await t.step(
      "approval refusals: approved already, unknown, not a Last Lock device",
      async () => {
        const id = await idOf(70201);
        const again = await admin.request("POST", `/api/lastlock/devices/${id}/approve`);
        assertEquals(again.status, 409);
        assertEquals(again.json, { error: "This device is already approved", code: "conflict" });

        const unknown = await admin.request("POST", "/api/lastlock/devices/999999/approve");
        assertEquals(unknown.status, 404);
        assertEquals(unknown.json, { error: "Last Lock device not found", code: "not_found" });

        const camera = await admin.request("POST", "/api/devices", {
          body: { name: "Hall Camera", type: "camera" },
        });
        const notALock = await admin.request(
          "POST",
          `/api/lastlock/devices/${camera.json.id}/approve`,
        );
        assertEquals(notALock.status, 404);

        const bad = await admin.request("POST", "/api/lastlock/devices/abc/approve");
        assertEquals(bad.status, 400);
      },
    );

    await t.step("Threshold's approvals stand when Last Lock forgot them", async () => {
      simulator.state.forgetApproval(70201);
      const res = await admin.request("POST", "/api/lastlock/devices/discover");
      assertEquals(res.status, 200);
      assertEquals(simulator.state.device(70201)?.state, "DEVICE_STATE_APPROVED");
      const [row] = await app.sql`select is_pending from devices where last_lock_device_id = 70201`;
      assertEquals(row.isPending, false);
    });
  },
);

describeLastLock("Last Lock: credentials of the lock test page", async (t, { app, simulator }) => {
  await addUser(app.sql, { email: "admin@example.com", admin: true });
  const memberId = await addUser(app.sql, {
    email: "morgan@example.com",
    firstName: "Morgan",
    lastName: "Miller",
  });
  const admin = await app.login("admin@example.com");
  await admin.request("POST", "/api/lastlock/devices/discover");
  const idOf = async (lastLockDeviceId: number) =>
    (await app.sql`select id from devices where last_lock_device_id = ${lastLockDeviceId}`)[0]
      .id as number;
  const lock = await idOf(70101);
  await admin.request("POST", `/api/lastlock/devices/${lock}/approve`);
  const pendingLock = await idOf(70202);
  const schedule = JSON.stringify({ range_schedule: { start: "09:00", end: "17:00" } });
  let credentialId = 0;

  await t.step("create: stored with Last Lock's id, card data never sent back", async () => {
    const res = await admin.request("POST", `/api/lastlock/users/${memberId}/credentials`, {
      body: {
        credentialType: "HID_PROX_CORP_1000",
        credentialData: "MTE3OjQ4MjEw",
        scheduleData: schedule,
      },
    });
    assertEquals(res.status, 201);
    credentialId = res.json.id;
    assertEquals(res.json.userId, memberId);
    assertEquals(res.json.credentialType, "HID_PROX_CORP_1000");
    assertEquals(res.json.scheduleData, schedule);
    assertEquals(res.json.providerCredentialId, "llc_0001");
    assertEquals(res.json.isActive, true);
    assert(!("credentialData" in res.json));
    assert(!res.text.includes("MTE3OjQ4MjEw"));
    const [row] = await app.sql`select credential_data, provider_credential_id
      from lastlock_credentials where id = ${credentialId}`;
    assertEquals(row, { credentialData: "MTE3OjQ4MjEw", providerCredentialId: "llc_0001" });
    assertEquals(
      new TextDecoder().decode(simulator.state.credential("llc_0001")?.data),
      "117:48210",
    );
  });

  await t.step("create: the audit event records the card data only as [redacted]", async () => {
    const [event] = await app.sql<{ action: string; changes: Record<string, unknown> }[]>`
      select action, changes from audit_events
      where action = 'lastlock_credential.create' and target_id = ${credentialId}`;
    assertEquals(event.changes, {
      userId: [null, memberId],
      credentialType: [null, "HID_PROX_CORP_1000"],
      credentialData: [null, "[redacted]"],
      scheduleData: [null, schedule],
      providerCredentialId: [null, "llc_0001"],
    });
    const stored = await app.sql<{ text: string }[]>`select changes::text as text from audit_events`;
    assert(!stored.some((row) => row.text.includes("MTE3OjQ4MjEw") || row.text.includes("117:48210")));
  });

  await t.step("create: the schedule may be left out", async () => {
    const res = await admin.request("POST", `/api/lastlock/users/${memberId}/credentials`, {
      body: { credentialType: "EM41XX", credentialData: "AQID" },
    });
    assertEquals(res.status, 201);
    assertEquals(res.json.scheduleData, null);
  });

  await t.step("create: validation answers 400 with the spec's words", async () => {
    const path = `/api/lastlock/users/${memberId}/credentials`;
    const cases: [unknown, string][] = [
      [{ credentialType: "EM41XX" }, "Credential data is required"],
      [{ credentialType: "EM41XX", credentialData: "   " }, "Credential data is required"],
      [
        { credentialType: "EM41XX", credentialData: "not base64!" },
        "Credential data must be base64",
      ],
      [
        { credentialType: "PIN", credentialData: "AQID" },
        "Credential type must be one of HID_PROX_CORP_1000, APPLE_WALLET, MIFARE_CLASSIC, EM41XX",
      ],
      [
        { credentialType: "EM41XX", credentialData: "AQID", scheduleData: "{not json" },
        "scheduleData must be JSON text",
      ],
      [
        {
          credentialType: "EM41XX",
          credentialData: "AQID",
          scheduleData: JSON.stringify({ range_schedule: { start: "9am", end: "17:00" } }),
        },
        "Start time must be a time like 09:00",
      ],
      [
        { credentialType: "EM41XX", credentialData: btoa("x".repeat(1025)) },
        "Credential data must be at most 1024 bytes",
      ],
    ];
    for (const [payload, error] of cases) {
      const res = await admin.request("POST", path, { body: payload });
      assertEquals(
        [res.status, res.json],
        [400, { error, code: "validation" }],
        JSON.stringify(payload),
      );
    }
    const [{ n }] = await app.sql`select count(*)::int as n from lastlock_credentials`;
    assertEquals(n, 2);
  });

  await t.step("create: an unknown user is a 404", async () => {
    const res = await admin.request("POST", "/api/lastlock/users/999999/credentials", {
      body: { credentialType: "EM41XX", credentialData: "AQID" },
    });
    assertEquals([res.status, res.json], [404, { error: "User not found", code: "not_found" }]);
  });

  await t.step("assign: Last Lock programs it, the count goes up", async () => {
    const res = await admin.request(
      "POST",
      `/api/lastlock/devices/${lock}/credentials/${credentialId}`,
    );
    assertEquals(res.status, 201);
    assertEquals(res.json.deviceId, lock);
    assertEquals(res.json.credentialId, credentialId);
    assertEquals(res.json.credentialCount, 1);
    assertEquals(simulator.state.assigned(70101), ["llc_0001"]);
    const [row] = await app.sql`select credential_count from devices where id = ${lock}`;
    assertEquals(row.credentialCount, 1);
  });

  await t.step("assign refusals", async () => {
    const path = (device: number | string, credential: number | string) =>
      `/api/lastlock/devices/${device}/credentials/${credential}`;
    const twice = await admin.request("POST", path(lock, credentialId));
    assertEquals([twice.status, twice.json.error], [
      409,
      "This credential is already assigned to this device",
    ]);
    const waiting = await admin.request("POST", path(pendingLock, credentialId));
    assertEquals([waiting.status, waiting.json.error], [
      409,
      "Approve this device before assigning credentials",
    ]);
    const noCredential = await admin.request("POST", path(lock, 999999));
    assertEquals([noCredential.status, noCredential.json.error], [404, "Credential not found"]);
    const noLock = await admin.request("POST", path(999999, credentialId));
    assertEquals([noLock.status, noLock.json.error], [404, "Last Lock device not found"]);
    const badId = await admin.request("POST", path(lock, "x"));
    assertEquals(badId.status, 400);
  });

  await t.step("assign: a deactivated device, or one in a deactivated room, is refused, nothing put on", async () => {
    const [{ roomId }] = await app.sql`select room_id from devices where id = ${lock}`;
    const room = roomId ?? (await admin.request("POST", "/api/rooms", { body: { name: "Lock Room" } })).json.id;
    await app.sql`update devices set room_id = ${room} where id = ${lock}`;
    const created = await admin.request("POST", `/api/lastlock/users/${memberId}/credentials`, {
      body: { credentialType: "EM41XX", credentialData: "BAUH" },
    });
    assertEquals(created.status, 201, created.text);
    const before = simulator.state.assigned(70101);
    const calls = simulator.calls.length;
    const assign = () => admin.request("POST", `/api/lastlock/devices/${lock}/credentials/${created.json.id}`);
    await app.sql`update devices set is_active = false where id = ${lock}`;
    const offDevice = await assign();
    assertEquals([offDevice.status, offDevice.json.error], [409, "This device is deactivated"]);
    await app.sql`update devices set is_active = true where id = ${lock}`;
    await app.sql`update rooms set is_active = false where id = ${room}`;
    const offRoom = await assign();
    assertEquals([offRoom.status, offRoom.json.error], [409, "This device's room is deactivated"]);
    await app.sql`update rooms set is_active = true where id = ${room}`;
    assert(!simulator.calls.slice(calls).includes("AssignCredential"));
    assertEquals(simulator.state.assigned(70101), before);
  });

  await t.step("assign: a deactivated user's credential is refused, not put on", async () => {
    const formerId = await addUser(app.sql, { email: "former@example.com", isActive: false });
    const created = await admin.request("POST", `/api/lastlock/users/${formerId}/credentials`, {
      body: { credentialType: "EM41XX", credentialData: "BAUG" },
    });
    assertEquals(created.status, 201);
    const calls = simulator.calls.length;
    const res = await admin.request(
      "POST",
      `/api/lastlock/devices/${lock}/credentials/${created.json.id}`,
    );
    assertEquals([res.status, res.json], [409, {
      error: "This credential belongs to a deactivated user",
      code: "conflict",
    }]);
    assert(!simulator.calls.slice(calls).includes("AssignCredential"));
    assertEquals(simulator.state.assigned(70101), ["llc_0001"]);
  });

  await t.step("the lock's credentials, as Last Lock lists them", async () => {
    const res = await admin.request("GET", `/api/lastlock/devices/${lock}/credentials`);
    assertEquals(res.status, 200);
    assertEquals(res.json.length, 1);
    const [entry] = res.json;
    assertEquals(entry.credentialId, credentialId);
    assertEquals(entry.providerCredentialId, "llc_0001");
    assertEquals(entry.userId, memberId);
    assertEquals(entry.userName, "Morgan Miller");
    assertEquals(entry.credentialType, "HID_PROX_CORP_1000");
    assertEquals(entry.scheduleData, schedule);
    assertEquals(entry.isActive, true);
    assert(!Number.isNaN(Date.parse(entry.assignedAt)));

    const none = await admin.request("GET", `/api/lastlock/devices/${pendingLock}/credentials`);
    assertEquals([none.status, none.json], [200, []]);
    const missing = await admin.request("GET", "/api/lastlock/devices/999999/credentials");
    assertEquals(missing.status, 404);
  });

  await t.step("remove: off the lock, the count goes down; twice is a 404", async () => {
    const path = `/api/lastlock/devices/${lock}/credentials/${credentialId}`;
    const res = await admin.request("DELETE", path);
    assertEquals(res.status, 200);
    assertEquals(res.json.success, true);
    assertEquals(res.json.credentialCount, 0);
    assertEquals(simulator.state.assigned(70101), []);
    const [{ n }] = await app.sql`select count(*)::int as n from device_credentials`;
    assertEquals(n, 0);
    const again = await admin.request("DELETE", path);
    assertEquals([again.status, again.json.error], [
      404,
      "This credential is not assigned to this device",
    ]);
  });

  await t.step("a credential Last Lock never saw is registered when assigned", async () => {
    const [row] = await app.sql`insert into lastlock_credentials
      (user_id, credential_type, credential_data, schedule_data)
      values (${memberId}, 'MIFARE_CLASSIC', 'MDRBMUIyQzM=', ${schedule}) returning id`;
    const res = await admin.request("POST", `/api/lastlock/devices/${lock}/credentials/${row.id}`);
    assertEquals(res.status, 201);
    const providerId = res.json.providerCredentialId;
    assertEquals(simulator.state.credential(providerId)?.credentialType, "MIFARE_CLASSIC");
    assertEquals(simulator.state.credential(providerId)?.schedule, {
      rangeSchedule: { start: "09:00", end: "17:00" },
    });
    const [stored] = await app.sql`select provider_credential_id from lastlock_credentials
      where id = ${row.id}`;
    assertEquals(stored.providerCredentialId, providerId);
  });

  await t.step("a credential Last Lock forgot is registered again", async () => {
    simulator.state.forgetCredential("llc_0001");
    const res = await admin.request(
      "POST",
      `/api/lastlock/devices/${lock}/credentials/${credentialId}`,
    );
    assertEquals(res.status, 201);
    assert(res.json.providerCredentialId !== "llc_0001");
    assert(simulator.state.assigned(70101).includes(res.json.providerCredentialId));
  });

  await t.step("removing what Last Lock already dropped still removes it here", async () => {
    const [row] = await app.sql`select provider_credential_id from lastlock_credentials
      where id = ${credentialId}`;
    simulator.state.forgetCredential(row.providerCredentialId);
    const res = await admin.request(
      "DELETE",
      `/api/lastlock/devices/${lock}/credentials/${credentialId}`,
    );
    assertEquals(res.status, 200);
    assertEquals(res.json.credentialCount, 1);
  });
});
