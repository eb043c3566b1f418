// The SCIM token calls (spec 4 §6): made with a name (the token answered once, 32
// random bytes as base64url, only its SHA-256 stored), listed with lastUsedAt and
// never the token, revoked with 204. Anonymous and member callers are refused by the
// authorization matrix, bad input by http/bad_input_test.ts; that a token opens
// /scim/v2 and a revoked one no longer does: scim/auth_test.ts.
import { assert, assertEquals } from "../testing/assert.ts";
import { describeApp, signInAdmin } from "../testing/test_app.ts";
import { hashToken } from "../auth/tokens.ts";

describeApp("SCIM tokens", async (t, testApp) => {
  const { sql } = testApp;
  const admin = await signInAdmin(testApp);

  let okta: { id: number; name: string; token: string; createdAt: string };
  await t.step("New Token: 201 with the token this once; only its hash is stored", async () => {
    const made = await admin.request("POST", "/api/scim-tokens", { body: { name: "  Okta  " } });
    assertEquals(made.status, 201);
    okta = made.json;
    assertEquals(Object.keys(okta).sort(), ["createdAt", "id", "name", "token"]);
    assertEquals(okta.name, "Okta");
    assert(/^[A-Za-z0-9_-]{43}$/.test(okta.token), okta.token);
    assert(!Number.isNaN(Date.parse(okta.createdAt)));
    const [row] = await sql`select token_hash, last_used_at from scim_tokens where id = ${okta.id}`;
    assertEquals(row, { tokenHash: hashToken(okta.token), lastUsedAt: null });
    const [event] = await sql`select action, actor_type, target_type, target_id, target_name,
      changes from audit_events where action = 'scim_token.create'`;
    assertEquals({ ...event }, {
      action: "scim_token.create",
      actorType: "user",
      targetType: "scim_token",
      targetId: okta.id,
      targetName: "Okta",
      changes: { name: [null, "Okta"] },
    });
  });

  await t.step("the list shows id, name, createdAt and lastUsedAt, never the token", async () => {
    const entra = await admin.request("POST", "/api/scim-tokens", { body: { name: "Entra ID" } });
    assertEquals(entra.status, 201);
    const list = await admin.request("GET", "/api/scim-tokens");
    assertEquals(list.status, 200);
    assertEquals(list.json, [
      { id: entra.json.id, name: "Entra ID", createdAt: entra.json.createdAt, lastUsedAt: null },
      { id: okta.id, name: "Okta", createdAt: okta.createdAt, lastUsedAt: null },
    ]);
    assert(!list.text.includes(okta.token) && !list.text.includes(entra.json.token));
    assert(entra.json.token !== okta.token);
  });

  await t.step("a name is required, at most 100 characters, and unique in any case", async () => {
    const refusals: [unknown, number, string][] = [
      [{}, 400, "Token name is required"],
      [{ name: "   " }, 400, "Token name is required"],
      [{ name: 7 }, 400, "Token name is required"],
      [{ name: "x".repeat(101) }, 400, "Token name must be at most 100 characters"],
      [{ name: "OKTA" }, 409, "A token with this name already exists"],
    ];
    for (const [body, status, error] of refusals) {
      const res = await admin.request("POST", "/api/scim-tokens", { body });
      assertEquals([res.status, res.json.error], [status, error], JSON.stringify(body));
    }
    const [{ n }] = await sql`select count(*)::int as n from scim_tokens`;
    assertEquals(n, 2);
    const longest = await admin.request("POST", "/api/scim-tokens", { body: { name: "y".repeat(100) } });
    assertEquals(longest.status, 201);
    assertEquals((await admin.request("DELETE", `/api/scim-tokens/${longest.json.id}`)).status, 204);
  });

  await t.step("revoke: 204, the row gone, audited; again: 404", async () => {
    const res = await admin.request("DELETE", `/api/scim-tokens/${okta.id}`);
    assertEquals([res.status, res.text], [204, ""]);
    const [{ n }] = await sql`select count(*)::int as n from scim_tokens where id = ${okta.id}`;
    assertEquals(n, 0);
    const [event] = await sql`select target_name, changes from audit_events
      where action = 'scim_token.revoke' and target_id = ${okta.id}`;
    assertEquals({ ...event }, { targetName: "Okta", changes: { name: ["Okta", null] } });
    const again = await admin.request("DELETE", `/api/scim-tokens/${okta.id}`);
    assertEquals([again.status, again.json.error], [404, "SCIM token not found"]);
    // The name is free again once its token is revoked.
    const remade = await admin.request("POST", "/api/scim-tokens", { body: { name: "Okta" } });
    assertEquals(remade.status, 201);
  });

  await t.step("a revoke replayed with its Idempotency-Key answers the same 204", async () => {
    const made = await admin.request("POST", "/api/scim-tokens", { body: { name: "Replayed" } });
    const send = () =>
      admin.request("DELETE", `/api/scim-tokens/${made.json.id}`, { headers: { "idempotency-key": "revoke-1" } });
    const first = await send();
    const replay = await send();
    assertEquals([first.status, replay.status, replay.text], [204, 204, ""]);
    assertEquals(replay.headers.get("idempotent-replayed"), "true");
    const [{ n }] = await sql`select count(*)::int as n from audit_events
      where action = 'scim_token.revoke' and target_id = ${made.json.id}`;
    assertEquals(n, 1);
  });
});
