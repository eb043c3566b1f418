import { assert, assertEquals, assertFields, assertMatch } from "../testing/assert.ts";
import { addUser, describeApp } from "../testing/test_app.ts";

const TOKEN = "tok-SECRET-9f3a1c";
const CLIENT_ID = "cid-SECRET-77ab";
const CLIENT_SECRET = "csec-SECRET-42de";
const SECRETS = [TOKEN, CLIENT_ID, CLIENT_SECRET, "replaced-SECRET-token"];

describeApp("devices", async (t, { sql, login }) => {
  await addUser(sql, { email: "admin@example.com", admin: true });
  const admin = await login("admin@example.com");
  // Every device answer is kept, to check at the end that no secret ever left.
  const answers: string[] = [];
  const request = async (...args: Parameters<typeof admin.request>) => {
    const res = await admin.request(...args);
    answers.push(res.text);
    return res;
  };
  const rooms = await sql`insert into rooms (name) values ('Lab'), ('Hall') returning id, name`;
  const lab = rooms.find((r) => r.name === "Lab")!.id as number;
  const hall = rooms.find((r) => r.name === "Hall")!.id as number;

  let sensor = 0;
  await t.step("POST with name and type applies the create rules", async () => {
    const res = await request("POST", "/api/devices", { body: { name: "  Door  ", type: "lock" } });
    assertEquals(res.status, 201);
    sensor = res.json.id;
    assertEquals(res.json.name, "Door");
    assertMatch(res.json.deviceId, /^DEV\d{6}$/);
    assertEquals(res.json.manufacturer, "Generic");
    assertEquals(res.json.roomId, null);
    assertEquals(res.json.roomName, null);
    assertEquals(res.json.isActive, true);
    assertEquals(res.json.isPending, false);
    assertEquals(res.json.densityAuthType, "bearer");
    assertEquals(res.json.hasDensityApiToken, false);
    assertEquals(res.json.credentialCount, 0);
  });

  await t.step(
    "a density device gets 'Density Inc'; quick creations get distinct ids",
    async () => {
      const made = [];
      for (let i = 0; i < 5; i++) {
        made.push(
          await request("POST", "/api/devices", { body: { name: `C${i}`, type: "density" } }),
        );
      }
      assertEquals(made.map((r) => r.status), [201, 201, 201, 201, 201]);
      assertEquals(new Set(made.map((r) => r.json.manufacturer)), new Set(["Density Inc"]));
      assertEquals(new Set(made.map((r) => r.json.deviceId)).size, 5);
    },
  );

  await t.step("POST takes the given deviceId, manufacturer, room and state", async () => {
    const res = await request("POST", "/api/devices", {
      body: {
        name: "Cam",
        deviceId: " CAM-1 ",
        type: "camera",
        manufacturer: "Ubiquiti",
        roomId: lab,
        isActive: false,
      },
    });
    assertEquals(res.status, 201);
    assertEquals(res.json.deviceId, "CAM-1");
    assertEquals(res.json.manufacturer, "Ubiquiti");
    assertEquals(res.json.roomId, lab);
    assertEquals(res.json.roomName, "Lab");
    assertEquals(res.json.isActive, false);
  });

  await t.step("a duplicate deviceId is 409 and creates nothing", async () => {
    const before = (await sql`select count(*)::int as n from devices`)[0].n;
    const res = await request("POST", "/api/devices", {
      body: { name: "Twin", deviceId: "CAM-1", type: "camera" },
    });
    assertEquals(res.status, 409);
    assertEquals(res.json.error, "A device with this device ID already exists");
    assertEquals((await sql`select count(*)::int as n from devices`)[0].n, before);
  });

  const bad: [string, unknown, number, RegExp][] = [
    ["no name", { type: "lock" }, 400, /^Device name is required$/],
    ["a blank name", { name: "  ", type: "lock" }, 400, /^Device name is required$/],
    ["no type", { name: "X" }, 400, /^type: must be one of sensor, lock/],
    ["an unknown type", { name: "X", type: "toaster" }, 400, /^type: must be one of/],
    ["a room id that is not a number", { name: "X", type: "lock", roomId: "x" }, 400, /roomId/],
    ["a non-boolean isActive", { name: "X", type: "lock", isActive: "yes" }, 400, /isActive/],
    ["an unknown room", { name: "X", type: "lock", roomId: 999999 }, 404, /^Room not found$/],
  ];
  for (const [what, payload, status, message] of bad) {
    await t.step(`POST with ${what} is ${status}`, async () => {
      const res = await request("POST", "/api/devices", { body: payload });
      assertEquals(res.status, status);
      assertMatch(res.json.error, message);
    });
  }

  await t.step("GET lists devices with room names; ?roomId= filters", async () => {
    const all = await request("GET", "/api/devices");
    assertEquals(all.status, 200);
    assertEquals(all.json.length, 7);
    const inLab = await request("GET", `/api/devices?roomId=${lab}`);
    assertEquals(inLab.json.map((d: { name: string }) => d.name), ["Cam"]);
    assertEquals(inLab.json[0].roomName, "Lab");
    assertEquals((await request("GET", `/api/devices?roomId=${hall}`)).json, []);
    assertEquals((await request("GET", "/api/devices?roomId=abc")).status, 400);
    assertEquals((await request("GET", "/api/devices?roomId=")).json.length, 7);
  });

  await t.step("GET one; unknown is 404 'Device not found'; non-numeric id 400", async () => {
    assertEquals((await request("GET", `/api/devices/${sensor}`)).json.name, "Door");
    const missing = await request("GET", "/api/devices/999999");
    assertEquals(missing.status, 404);
    assertEquals(missing.json.error, "Device not found");
    assertEquals((await request("GET", "/api/devices/DEV1")).status, 400);
  });

  let density = 0;
  await t.step("PUT saves the form's fields; empty optional fields become null", async () => {
    density = (await request("POST", "/api/devices", {
      body: { name: "Counter", deviceId: "DENS-1", type: "density" },
    })).json.id;
    const current = (await request("GET", `/api/devices/${density}`)).json;
    const res = await request("PUT", `/api/devices/${density}`, {
      body: {
        ...current,
        name: " Lobby Counter ",
        manufacturer: "",
        roomId: String(hall),
        densitySpaceId: "spc_1",
        densityAuthType: "oauth",
        densityApiToken: TOKEN,
        densityClientId: CLIENT_ID,
        densityClientSecret: CLIENT_SECRET,
        lastLockDescription: "  ",
        // read-only fields sent back by the form are ignored
        lastLockDeviceId: 4242,
        credentialCount: 9,
        unifiIp: "10.0.0.9",
      },
    });
    assertEquals(res.status, 200);
    assertFields(res.json, {
      name: "Lobby Counter",
      manufacturer: null,
      roomId: hall,
      roomName: "Hall",
      densitySpaceId: "spc_1",
      densityAuthType: "oauth",
      lastLockDescription: null,
      lastLockDeviceId: null,
      credentialCount: 0,
      unifiIp: null,
      hasDensityApiToken: true,
      hasDensityClientId: true,
      hasDensityClientSecret: true,
    });
    const [stored] = await sql`select density_api_token, density_client_id,
      density_client_secret from devices where id = ${density}`;
    assertEquals(Object.values(stored), [TOKEN, CLIENT_ID, CLIENT_SECRET]);
  });

  await t.step("secrets: left out they stay, a new value replaces, null clears", async () => {
    const keep = await request("PUT", `/api/devices/${density}`, {
      body: { name: "Lobby Counter", deviceId: "DENS-1" },
    });
    assertEquals(keep.status, 200);
    assertEquals(keep.json.hasDensityApiToken, true);
    assertEquals(keep.json.roomId, hall, "left-out fields keep their value");
    const change = await request("PUT", `/api/devices/${density}`, {
      body: {
        name: "Lobby Counter",
        deviceId: "DENS-1",
        densityApiToken: "replaced-SECRET-token",
        densityClientId: null,
        densityClientSecret: "",
      },
    });
    assertEquals(
      [
        change.json.hasDensityApiToken,
        change.json.hasDensityClientId,
        change.json.hasDensityClientSecret,
      ],
      [true, false, false],
    );
    const [stored] = await sql`select density_api_token, density_client_id,
      density_client_secret from devices where id = ${density}`;
    assertEquals(Object.values(stored), ["replaced-SECRET-token", null, null]);
  });

  await t.step("PUT errors: 400 required fields and bad types, 404, 409", async () => {
    const url = `/api/devices/${density}`;
    for (const body of [{ name: "X" }, { name: "", deviceId: "D" }, { deviceId: "D" }]) {
      const res = await request("PUT", url, { body });
      assertEquals(res.status, 400);
      assertEquals(res.json.error, "Device name and device ID are required.");
    }
    const badType = await request("PUT", url, { body: { name: "X", deviceId: "D", type: "fax" } });
    assertEquals(badType.status, 400);
    assertMatch(badType.json.error, /^type: /);
    const badAuth = await request("PUT", url, {
      body: { name: "X", deviceId: "D", densityAuthType: "basic" },
    });
    assertMatch(badAuth.json.error, /densityAuthType: must be bearer or oauth/);
    const badSecret = await request("PUT", url, {
      body: { name: "X", deviceId: "D", densityApiToken: 12 },
    });
    assertMatch(badSecret.json.error, /densityApiToken: must be text/);
    const noRoom = await request("PUT", url, {
      body: { name: "X", deviceId: "D", roomId: 999999 },
    });
    assertEquals(noRoom.status, 404);
    assertEquals(noRoom.json.error, "Room not found");
    const missing = await request("PUT", "/api/devices/999999", {
      body: { name: "X", deviceId: "D" },
    });
    assertEquals(missing.status, 404);
    assertEquals(missing.json.error, "Device not found");
    const dup = await request("PUT", url, { body: { name: "X", deviceId: "CAM-1" } });
    assertEquals(dup.status, 409);
    assertEquals(dup.json.error, "A device with this device ID already exists");
    assertEquals((await request("GET", url)).json.deviceId, "DENS-1", "nothing changed");
  });

  await t.step(
    "PUT with If-Match: current passes, stale is 412 with the current device",
    async () => {
      const url = `/api/devices/${density}`;
      const current = (await request("GET", url)).json;
      const ok = await request("PUT", url, {
        body: { name: "Counter v2", deviceId: "DENS-1" },
        headers: { "if-match": `W/"${current.updatedAt}"` },
      });
      assertEquals(ok.status, 200);
      const stale = await request("PUT", url, {
        body: { name: "Lost", deviceId: "DENS-1" },
        headers: { "if-match": current.updatedAt },
      });
      assertEquals(stale.status, 412);
      assertEquals(stale.json.current.name, "Counter v2");
      assertEquals(stale.json.current.updatedAt, ok.json.updatedAt);
      assertEquals(stale.json.current.hasDensityApiToken, true);
    },
  );

  await t.step("PATCH assigns a room and removes it", async () => {
    const assigned = await request("PATCH", `/api/devices/${sensor}`, { body: { roomId: lab } });
    assertEquals(assigned.status, 200);
    assertEquals(assigned.json.roomId, lab);
    assertEquals(assigned.json.roomName, "Lab");
    assertEquals(assigned.json.isPending, false);
    assertEquals((await request("GET", `/api/devices?roomId=${lab}`)).json.length, 2);
    const removed = await request("PATCH", `/api/devices/${sensor}`, { body: { roomId: null } });
    assertEquals(removed.json.roomId, null);
    assertEquals(removed.json.isPending, false);
  });

  // What discovery makes (integrations/unifi/repo.ts, integrations/lastlock/repo.ts).
  let found = 0;
  const discovered = async (kind: "unifi" | "lastlock") => {
    found++;
    const [row] = kind === "unifi"
      ? await sql`insert into devices (name, device_id, type, manufacturer, is_pending,
          unifi_device_id)
        values (${`Cam ${found}`}, ${`UNIFI-${found}`}, 'camera', 'Ubiquiti', true, ${`cam-${found}`})
        returning id, name, device_id`
      : await sql`insert into devices (name, device_id, type, manufacturer, is_pending,
          last_lock_device_id)
        values (${`Lock ${found}`}, ${`LASTLOCK-${found}`}, 'lastlock', 'Last Lock', true, ${found})
        returning id, name, device_id`;
    return row as { id: number; name: string; deviceId: string };
  };
  const pendingOf = async (id: number) =>
    (await sql`select is_pending from devices where id = ${id}`)[0].isPending;

  await t.step(
    "a pending UniFi device given a room stops pending, whichever call gives it",
    async () => {
      const onItsPage = await discovered("unifi");
      const put = await request("PUT", `/api/devices/${onItsPage.id}`, {
        body: { name: onItsPage.name, deviceId: onItsPage.deviceId, roomId: lab },
      });
      assertEquals([put.status, put.json.roomId, put.json.isPending], [200, lab, false]);
      const [event] = await sql`select changes from audit_events
        where action = 'device.update' and target_id = ${String(onItsPage.id)}`;
      assertEquals(event.changes.isPending, [true, false]);
      const fromARoom = await discovered("unifi");
      const patched = await request("PATCH", `/api/devices/${fromARoom.id}`, {
        body: { roomId: hall },
      });
      assertEquals([patched.status, patched.json.isPending], [200, false]);
      // The UniFi tab says it too.
      const fromTheTab = await discovered("unifi");
      const told = await request("PATCH", `/api/devices/${fromTheTab.id}`, {
        body: { roomId: lab, isPending: false },
      });
      assertEquals([told.status, told.json.isPending], [200, false]);
      // Saved without a room, it still waits.
      const roomless = await discovered("unifi");
      const kept = await request("PUT", `/api/devices/${roomless.id}`, {
        body: { name: "Renamed Cam", deviceId: roomless.deviceId, roomId: null },
      });
      assertEquals([kept.status, kept.json.isPending], [200, true]);
      await request("PATCH", `/api/devices/${roomless.id}`, { body: { roomId: null } });
      assertEquals(await pendingOf(roomless.id), true);
    },
  );

  await t.step(
    "no body approves a Last Lock device or puts a device back to wait: 400",
    async () => {
      const refused =
        /^isPending cannot be set: a UniFi device stops pending when it is given a room, a Last Lock device when it is approved/;
      const lock = await discovered("lastlock");
      for (
        const [method, body] of [
          ["PATCH", { roomId: lab, isPending: false }],
          ["PUT", { name: lock.name, deviceId: lock.deviceId, isPending: false }],
        ] as const
      ) {
        const res = await request(method, `/api/devices/${lock.id}`, { body });
        assertEquals(res.status, 400, `${method} ${res.text}`);
        assertMatch(res.json.error, refused);
      }
      assertEquals(await pendingOf(lock.id), true);
      // A room is no approval: the lock waits for POST /api/lastlock/devices/{id}/approve.
      const placed = await request("PATCH", `/api/devices/${lock.id}`, { body: { roomId: lab } });
      assertEquals([placed.status, placed.json.roomId, placed.json.isPending], [200, lab, true]);
      const door = (await request("GET", `/api/devices/${sensor}`)).json;
      for (
        const [method, body] of [
          ["PUT", { name: door.name, deviceId: door.deviceId, isPending: true }],
          ["PATCH", { roomId: null, isPending: true }],
        ] as const
      ) {
        const res = await request(method, `/api/devices/${sensor}`, { body });
        assertEquals(res.status, 400, `${method} ${res.text}`);
        assertMatch(res.json.error, refused);
      }
      assertEquals(await pendingOf(sensor), false);
      // The device sent back as it is, isPending and all, saves.
      assertEquals((await request("PUT", `/api/devices/${sensor}`, { body: door })).status, 200);
    },
  );

  await t.step(
    "PATCH errors: unknown room 404, unknown device 404, missing roomId 400",
    async () => {
      const noRoom = await request("PATCH", `/api/devices/${sensor}`, { body: { roomId: 999999 } });
      assertEquals(noRoom.status, 404);
      assertEquals(noRoom.json.error, "Room not found");
      const noDevice = await request("PATCH", "/api/devices/999999", { body: { roomId: lab } });
      assertEquals(noDevice.json.error, "Device not found");
      const missing = await request("PATCH", `/api/devices/${sensor}`, { body: {} });
      assertEquals(missing.status, 400);
      assertMatch(missing.json.error, /^roomId: /);
    },
  );

  await t.step("toggle-active flips both ways", async () => {
    const off = await request("PATCH", `/api/devices/${sensor}/toggle-active`);
    assertEquals([off.status, off.json.isActive], [200, false]);
    const on = await request("PATCH", `/api/devices/${sensor}/toggle-active`);
    assertEquals(on.json.isActive, true);
    assertEquals((await request("PATCH", "/api/devices/999999/toggle-active")).status, 404);
  });

  await t.step("DELETE removes the device; its log history stays with its name", async () => {
    await sql`insert into access_logs (device_id, device_name, action, outcome) values
      (${density}, 'Counter v2', 'Unlock', 'success'), (${density}, null, 'Unlock', 'denied')`;
    const res = await request("DELETE", `/api/devices/${density}`);
    assertEquals(res.status, 200);
    assertEquals(res.json, { success: true, id: density });
    assertEquals((await request("GET", `/api/devices/${density}`)).status, 404);
    assertEquals((await request("DELETE", `/api/devices/${density}`)).status, 404);
    const logs = await request("GET", "/api/logs?search=Counter v2");
    assertEquals(logs.json.items.length, 2);
    for (const entry of logs.json.items) {
      assertEquals(entry.deviceId, null);
      assertEquals(entry.deviceName, "Counter v2");
    }
  });

  await t.step("no answer ever contained a secret", () => {
    assert(answers.length > 30, `${answers.length} answers checked`);
    for (const text of answers) {
      for (const secret of SECRETS) assert(!text.includes(secret), `leaked in ${text}`);
      assert(!/densityApiToken"|densityClientId"|densityClientSecret"/.test(text), text);
    }
  });

  await t.step("audit: a device's event lists its own kind's fields, and a yes or no as itself", async () => {
    const reader = (await request("POST", "/api/devices", { body: { name: "Audit Reader", type: "reader", roomId: lab } })).json;
    const [made] = await sql`select changes from audit_events where action = 'device.create' and target_id = ${String(reader.id)}`;
    assertEquals(Object.keys(made.changes).sort(), ["deviceId", "isActive", "isPending", "manufacturer", "name", "roomId", "roomName", "type"]);
    const density = (await request("POST", "/api/devices", { body: { name: "Audit Density", type: "density" } })).json;
    const put = (body: Record<string, unknown>) =>
      request("PUT", `/api/devices/${density.id}`, { body: { name: "Audit Density", deviceId: density.deviceId, ...body } });
    const lastUpdate = async () =>
      (await sql`select changes from audit_events where action = 'device.update' and target_id = ${String(density.id)} order by id desc limit 1`)[0].changes;
    assertEquals((await put({ densityApiToken: "tok-audit-1" })).status, 200);
    const tokened = await lastUpdate();
    assertEquals(tokened, { hasDensityApiToken: [false, true] });
    assert(!JSON.stringify(tokened).includes("tok-audit-1"), "the token itself is never recorded");
    // Becoming a reader: the Density fields it leaves behind are the change.
    await put({ type: "reader" });
    const edited = await lastUpdate();
    assertEquals(edited.type, ["density", "reader"]);
    assert(!("credentialCount" in edited) && !("lastSync" in edited), JSON.stringify(edited));
  });
});

describeApp("assigned credentials", async (t, { sql, login }) => {
  await addUser(sql, { email: "admin@example.com", admin: true });
  const { request } = await login("admin@example.com");
  const ann = await addUser(sql, { email: "ann@example.com", firstName: "Ann", lastName: "Lee" });
  const bob = await addUser(sql, { email: "bob@example.com", firstName: "Bob", lastName: "Ray" });
  const cat = await addUser(sql, {
    email: "cat@example.com",
    firstName: "Cat",
    lastName: "Poe",
    isActive: false,
  });
  const dan = await addUser(sql, { email: "dan@example.com", firstName: "Dan", lastName: "Oak" });
  const eve = await addUser(sql, { email: "eve@example.com", firstName: "Eve", lastName: "Ng" });
  const [room] = await sql`insert into rooms (name) values ('Lab') returning id`;
  const [staff] = await sql`insert into groups (name) values ('Staff') returning id`;
  const [paused] = await sql`insert into groups (name, is_active) values ('Paused', false)
    returning id`;
  await sql`insert into group_rooms (group_id, room_id) values
    (${staff.id}, ${room.id}), (${paused.id}, ${room.id})`;
  await sql`insert into user_groups (user_id, group_id) values
    (${ann}, ${staff.id}), (${bob}, ${staff.id}), (${cat}, ${staff.id}), (${dan}, ${staff.id}),
    (${eve}, ${paused.id})`;
  await sql`insert into user_credentials (user_id, type, card_code, is_active) values
    (${ann}, 'HID Prox', '1', true), (${ann}, 'Mifare', '2', false),
    (${bob}, 'EM41', '3', false), (${cat}, 'HID Prox', '4', true),
    (${eve}, 'HID Prox', '5', true)`;
  const [door] = await sql`insert into devices (name, device_id, type, room_id)
    values ('Lab Door', 'LAB-1', 'reader', ${room.id}) returning id`;
  const [loose] = await sql`insert into devices (name, device_id, type)
    values ('Spare', 'SP-1', 'reader') returning id`;

  type Row = { userName: string; accessStatus: string; reason: string | null };
  const table = async () =>
    (await request("GET", `/api/devices/${door.id}/assigned-credentials`)).json.map((
      r: Row,
    ) => [r.userName, r.accessStatus, r.reason]);

  await t.step("members of active groups holding the room, with types and access", async () => {
    const res = await request("GET", `/api/devices/${door.id}/assigned-credentials`);
    assertEquals(res.status, 200);
    const annRow = res.json[0];
    assertEquals(annRow.userId, ann);
    assertEquals(annRow.credentialTypes, ["HID Prox", "Mifare"]);
    assertEquals(annRow.groups, [{ id: staff.id, name: "Staff" }]);
    assertEquals(annRow.accessAllowed, true);
    assertEquals(await table(), [
      ["Ann Lee", "Allowed", null],
      ["Bob Ray", "Denied", "Credential is deactivated"],
      ["Cat Poe", "Denied", "User is deactivated"],
      ["Dan Oak", "Denied", "No credential"],
    ]);
  });

  await t.step("an inactive device or room denies everyone", async () => {
    await sql`update devices set is_active = false where id = ${door.id}`;
    assertEquals((await table())[0], ["Ann Lee", "Denied", "Device is deactivated"]);
    await sql`update rooms set is_active = false where id = ${room.id}`;
    // The decisions' order: the device's rule before the room's.
    assertEquals((await table())[0], ["Ann Lee", "Denied", "Device is deactivated"]);
    await sql`update devices set is_active = true where id = ${door.id}`;
    assertEquals((await table())[0], ["Ann Lee", "Denied", "Room is deactivated"]);
  });

  await t.step("a device without a room has none; unknown device 404", async () => {
    const res = await request("GET", `/api/devices/${loose.id}/assigned-credentials`);
    assertEquals(res.json, []);
    const missing = await request("GET", "/api/devices/999999/assigned-credentials");
    assertEquals(missing.status, 404);
    assertEquals(missing.json.error, "Device not found");
  });
});
