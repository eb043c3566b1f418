import { assert, assertEquals, assertFields, assertMatch } from "../testing/assert.ts";
import { addUser, describeApp } from "../testing/test_app.ts";

describeApp("credentials: happy paths", async (t, { sql, login }) => {
  await addUser(sql, { email: "admin@example.com", admin: true });
  const admin = await login("admin@example.com");
  const userId = await addUser(sql, { email: "ann@example.com" });
  const base = `/api/users/${userId}/credentials`;
  let id = 0;

  await t.step("an empty list to start with", async () => {
    const res = await admin.request("GET", base);
    assertEquals(res.status, 200);
    assertEquals(res.json, []);
  });

  await t.step("POST adds a badge (201), codes trimmed", async () => {
    const res = await admin.request("POST", base, {
      body: { type: "HID Prox", facilityCode: " 123 ", cardCode: " 45678 " },
    });
    assertEquals(res.status, 201);
    id = res.json.id;
    assertEquals(typeof id, "number");
    assertFields(res.json, {
      userId,
      type: "HID Prox",
      facilityCode: "123",
      cardCode: "45678",
      isActive: true,
      systemManaged: false,
    });
  });

  await t.step("every offered type is accepted; a blank facility code is none", async () => {
    for (const [n, type] of ["PKOC BLE", "EM41", "Mifare"].entries()) {
      const res = await admin.request("POST", base, {
        body: { type, facilityCode: "  ", cardCode: `C${n}` },
      });
      assertEquals(res.status, 201, type);
      assertEquals(res.json.facilityCode, null);
    }
    const without = await admin.request("POST", base, { body: { type: "EM41", cardCode: "C9" } });
    assertEquals(without.status, 201);
    assertEquals(without.json.facilityCode, null);
  });

  await t.step("GET lists the user's badges in the order they were added", async () => {
    const res = await admin.request("GET", base);
    assertEquals(res.json.map((c: { type: string }) => c.type), [
      "HID Prox",
      "PKOC BLE",
      "EM41",
      "Mifare",
      "EM41",
    ]);
  });

  await t.step("PUT edits a badge and answers it, If-Match honoured", async () => {
    const [current] = (await admin.request("GET", base)).json;
    const res = await admin.request("PUT", `${base}/${id}`, {
      body: { type: "Mifare", facilityCode: "", cardCode: " 04A1B2 " },
      headers: { "if-match": `"${current.updatedAt}"` },
    });
    assertEquals(res.status, 200);
    assertEquals(res.json.id, id);
    assertEquals(res.json.type, "Mifare");
    assertEquals(res.json.facilityCode, null);
    assertEquals(res.json.cardCode, "04A1B2");
    assert(res.json.updatedAt > current.updatedAt, "the version moved on");
  });

  await t.step("DELETE removes a badge", async () => {
    const res = await admin.request("DELETE", `${base}/${id}`);
    assertEquals(res.status, 200);
    assertEquals(res.json, { success: true, id });
    const list = (await admin.request("GET", base)).json;
    assert(!list.some((c: { id: number }) => c.id === id), "gone");
  });

  await t.step("a verified user's list starts with the system-managed row, id -1", async () => {
    await sql`update users set stripe_verification_status = 'verified',
      stripe_verified_at = '2025-01-02T03:04:05.006Z', stripe_verification_session_id = 'vs_1'
      where id = ${userId}`;
    const res = await admin.request("GET", base);
    assertEquals(res.json[0], {
      id: -1,
      userId,
      type: "Stripe Identity",
      facilityCode: null,
      cardCode: null,
      isActive: true,
      systemManaged: true,
      createdAt: "2025-01-02T03:04:05.006Z",
      updatedAt: "2025-01-02T03:04:05.006Z",
    });
    assertEquals(res.json.length, 5);
  });

  await t.step("the -1 row is only for verified users", async () => {
    await sql`update users set stripe_verification_status = 'requires_input' where id = ${userId}`;
    const res = await admin.request("GET", base);
    assert(!res.json.some((c: { id: number }) => c.id === -1), "no system row");
  });
});

describeApp("credentials: errors", async (t, { sql, login }) => {
  await addUser(sql, { email: "admin@example.com", admin: true });
  const admin = await login("admin@example.com");
  const userId = await addUser(sql, { email: "ann@example.com" });
  const otherId = await addUser(sql, { email: "bob@example.com" });
  await sql`update users set stripe_verification_status = 'verified', stripe_verified_at = now()
    where id = ${userId}`;
  const base = `/api/users/${userId}/credentials`;
  const created = await admin.request("POST", base, {
    body: { type: "HID Prox", facilityCode: "1", cardCode: "100" },
  });
  const id = created.json.id as number;

  const bad: [string, unknown, string][] = [
    ["no type", { cardCode: "1" }, "Type is required"],
    ["a blank type", { type: "  ", cardCode: "1" }, "Type is required"],
    [
      "an unknown type",
      { type: "Magstripe", cardCode: "1" },
      "Type must be one of HID Prox, PKOC BLE, EM41, Mifare",
    ],
    [
      "the system type",
      { type: "Stripe Identity", cardCode: "1" },
      "Type must be one of HID Prox, PKOC BLE, EM41, Mifare",
    ],
    ["no card code", { type: "EM41" }, "Card code is required"],
    ["a blank card code", { type: "EM41", cardCode: "   " }, "Card code is required"],
    ["a numeric card code", { type: "EM41", cardCode: 5 }, "Card code is required"],
    [
      "a facility code that is not text",
      { type: "EM41", cardCode: "1", facilityCode: 7 },
      "Facility code must be text",
    ],
    [
      "an oversized card code",
      { type: "EM41", cardCode: "9".repeat(129) },
      "Card code must be at most 128 characters",
    ],
  ];
  for (const [what, body, message] of bad) {
    await t.step(`POST and PUT with ${what} are 400 "${message}"`, async () => {
      const post = await admin.request("POST", base, { body });
      assertEquals(post.status, 400);
      assertEquals(post.json.error, message);
      const put = await admin.request("PUT", `${base}/${id}`, { body });
      assertEquals(put.status, 400);
      assertEquals(put.json.error, message);
    });
  }

  await t.step("the same card (type, facility, card code) twice is 409, for anyone", async () => {
    for (const owner of [userId, otherId]) {
      const res = await admin.request("POST", `/api/users/${owner}/credentials`, {
        body: { type: "HID Prox", facilityCode: " 1 ", cardCode: "100" },
      });
      assertEquals(res.status, 409);
      assertEquals(res.json.error, "This card is already registered");
    }
    const other = await admin.request("POST", base, {
      body: { type: "HID Prox", facilityCode: "2", cardCode: "100" },
    });
    assertEquals(other.status, 201, "another facility is another card");
    const clash = await admin.request("PUT", `${base}/${other.json.id}`, {
      body: { type: "HID Prox", facilityCode: "1", cardCode: "100" },
    });
    assertEquals(clash.status, 409);
  });

  await t.step("the system-managed row (-1) cannot be edited or removed (403)", async () => {
    const put = await admin.request("PUT", `${base}/-1`, {
      body: { type: "HID Prox", cardCode: "1" },
    });
    assertEquals(put.status, 403);
    assertMatch(put.json.error, /managed by identity verification/);
    const del = await admin.request("DELETE", `${base}/-1`);
    assertEquals(del.status, 403);
    assertMatch(del.json.error, /cannot be changed/);
    assertEquals((await admin.request("GET", base)).json[0].id, -1);
  });

  await t.step("another user's credential is 404 and stays untouched", async () => {
    const path = `/api/users/${otherId}/credentials/${id}`;
    const put = await admin.request("PUT", path, { body: { type: "EM41", cardCode: "2" } });
    assertEquals(put.status, 404);
    assertEquals(put.json.error, "Credential not found");
    const del = await admin.request("DELETE", path);
    assertEquals(del.status, 404);
    const [row] = await sql`select type, user_id from user_credentials where id = ${id}`;
    assertEquals({ ...row }, { type: "HID Prox", userId });
  });

  await t.step("an unknown credential is 404; an unknown user is 404", async () => {
    assertEquals((await admin.request("DELETE", `${base}/999999`)).status, 404);
    const list = await admin.request("GET", "/api/users/999999/credentials");
    assertEquals(list.status, 404);
    assertEquals(list.json.error, "User not found");
    const add = await admin.request("POST", "/api/users/999999/credentials", {
      body: { type: "EM41", cardCode: "3" },
    });
    assertEquals(add.status, 404);
    assertEquals(add.json.error, "User not found");
  });

  await t.step("bad ids are 400", async () => {
    assertEquals((await admin.request("DELETE", `${base}/abc`)).status, 400);
    assertEquals((await admin.request("DELETE", `${base}/-2`)).status, 400);
    assertEquals((await admin.request("GET", "/api/users/x/credentials")).status, 400);
  });

  await t.step("PUT with a stale If-Match is 412 with the current version", async () => {
    const [, current] = (await admin.request("GET", base)).json;
    await admin.request("PUT", `${base}/${id}`, {
      body: { type: "HID Prox", facilityCode: "1", cardCode: "101" },
    });
    const res = await admin.request("PUT", `${base}/${id}`, {
      body: { type: "EM41", cardCode: "102" },
      headers: { "if-match": current.updatedAt },
    });
    assertEquals(res.status, 412);
    assertEquals(res.json.current.cardCode, "101");
  });

  await t.step("a member gets 403 and cannot see or add badges", async () => {
    const member = await login("bob@example.com");
    assertEquals((await member.request("GET", `/api/users/${otherId}/credentials`)).status, 403);
    const res = await member.request("POST", `/api/users/${otherId}/credentials`, {
      body: { type: "EM41", cardCode: "own" },
    });
    assertEquals(res.status, 403);
  });
});
