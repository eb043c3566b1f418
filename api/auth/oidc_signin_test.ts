// Single sign-on (spec 4 §6) against a real OpenID provider on a loopback port: the
// person signs in at the provider's form and comes back signed in to Threshold, with
// the same session as a password sign-in; OIDC_CREATE_USERS makes unknown people
// members without groups.
import { assert, assertEquals, assertMatch } from "../testing/assert.ts";
import { addUser } from "../testing/test_app.ts";
import { appBrowser, describeSso, refusalShown, signInWithSso } from "../testing/sso.ts";

const lastEvents = async (sql: import("../db/connect.ts").Sql, n = 3) =>
  await sql<
    {
      action: string;
      actorType: string;
      actorName: string;
      targetId: number | null;
      changes: Record<string, [unknown, unknown]>;
    }[]
  >`
    select action, actor_type, actor_name, target_id, changes from audit_events order by id desc limit ${n}`;

describeSso(
  "a known, verified e-mail signs in: session cookie, /app, audited with method sso",
  async (t, { app, simulator }) => {
    const id = await addUser(app.sql, {
      email: "ada@example.com",
      firstName: "Ada",
      lastName: "Lovelace",
    });

    await t.step("GET /api/auth/oidc says SSO is on, with the default label", async () => {
      const res = await app.request("GET", "/api/auth/oidc");
      assertEquals(res.json, { enabled: true, label: "Sign in with SSO", refusal: null });
    });

    await t.step(
      "start redirects to the provider with PKCE S256, state and nonce, and a flow cookie",
      async () => {
        const res = await app.request("GET", "/api/auth/oidc/start");
        assertEquals(res.status, 302);
        const to = new URL(res.headers.get("location")!);
        assertEquals(to.origin, simulator.issuer);
        assertEquals(to.searchParams.get("response_type"), "code");
        assertEquals(to.searchParams.get("client_id"), "threshold-test");
        assertEquals(
          to.searchParams.get("redirect_uri"),
          "http://localhost:8000/api/auth/oidc/callback",
        );
        assertEquals(to.searchParams.get("code_challenge_method"), "S256");
        assertEquals(to.searchParams.get("scope"), "openid email profile");
        for (const name of ["state", "nonce", "code_challenge"]) {
          assert((to.searchParams.get(name) ?? "").length >= 40, name);
        }
        const [cookie] = res.headers.getSetCookie();
        assertMatch(
          cookie,
          /^threshold_oidc_flow=[A-Za-z0-9_-]{43}; Max-Age=600; Path=\/api\/auth\/oidc; HttpOnly; SameSite=Lax$/,
        );
        // Only the token's hash is kept, beside the flow's secrets.
        const [row] = await app.sql`select token_hash, state from oidc_flows`;
        assertEquals(row.state, to.searchParams.get("state"));
        assert(!cookie.includes(row.tokenHash));
      },
    );

    await t.step(
      "signing in at the provider comes back to /app with a session that /api/auth/me knows",
      async () => {
        const browser = appBrowser(app);
        const res = await signInWithSso(browser, simulator, { email: "Ada@Example.com" });
        assertEquals([res.status, res.headers.get("location")], [302, "/app"]);
        const session = res.headers.getSetCookie().find((c) => c.startsWith("threshold_session="))!;
        assertMatch(session, /Path=\/; HttpOnly; SameSite=Lax/);
        const me = await browser.get("/api/auth/me");
        assertEquals([me.status, me.json.user.id, me.json.user.email], [
          200,
          id,
          "ada@example.com",
        ]);
        // The flow is gone: its cookie cleared, its row deleted.
        assertEquals(browser.jar.has("threshold_oidc_flow"), false);
        assertEquals((await app.sql`select count(*)::int as n from oidc_flows`)[0].n, 1); // the previous step's, never finished
        assertEquals(await refusalShown(browser), null);
      },
    );

    await t.step(
      "the sign-in is audited as auth.sign_in with method sso, by the person",
      async () => {
        const [event] = await lastEvents(app.sql, 1);
        assertEquals(event.action, "auth.sign_in");
        assertEquals([event.actorType, event.actorName, event.targetId], [
          "user",
          "Ada Lovelace",
          id,
        ]);
        assertEquals(event.changes, { method: [null, "sso"] });
      },
    );

    await t.step("the session is the same as a password sign-in's: sign-out ends it", async () => {
      const browser = appBrowser(app);
      await signInWithSso(browser, simulator, { email: "ada@example.com" });
      const out = await app.request("POST", "/api/auth/logout", { cookie: browser.cookie() });
      assertEquals(out.status, 200);
      assertEquals(
        (await app.request("GET", "/api/auth/me", { cookie: browser.cookie() })).status,
        401,
      );
    });
  },
);

describeSso(
  "with OIDC_CREATE_USERS=true an unknown verified e-mail becomes a member without groups, audited as made by SSO",
  async (t, { app, simulator }) => {
    await t.step("the button's label is OIDC_BUTTON_LABEL's", async () => {
      assertEquals((await app.request("GET", "/api/auth/oidc")).json.label, "Sign in with Okta");
    });

    await t.step("the new member is signed in", async () => {
      const browser = appBrowser(app);
      const res = await signInWithSso(browser, simulator, {
        email: "Grace@Example.com",
        givenName: "Grace",
        familyName: "Hopper",
      });
      assertEquals([res.status, res.headers.get("location")], [302, "/app"]);
      const me = await browser.get("/api/auth/me");
      assertEquals(me.json.user, {
        id: me.json.user.id,
        email: "grace@example.com",
        firstName: "Grace",
        lastName: "Hopper",
        isActive: true,
        isAdmin: false,
      });
      const groups = await app.sql`select 1 from user_groups where user_id = ${me.json.user.id}`;
      assertEquals(groups.length, 0);
      const [user] = await app.sql`select password_hash from users where id = ${me.json.user.id}`;
      assertEquals(user.passwordHash, null);
    });

    await t.step(
      "user.create by `SSO: <issuer host>`, then the sign-in by the person",
      async () => {
        const [signedIn, created] = await lastEvents(app.sql, 2);
        assertEquals([created.action, created.actorType, created.actorName], [
          "user.create",
          "system",
          `SSO: ${new URL(simulator.issuer).host}`,
        ]);
        assertEquals(created.changes.email, [null, "grace@example.com"]);
        assertEquals(created.changes.firstName, [null, "Grace"]);
        assertEquals([signedIn.action, signedIn.actorName, signedIn.changes.method], [
          "auth.sign_in",
          "Grace Hopper",
          [null, "sso"],
        ]);
      },
    );

    await t.step("the second sign-in finds the account it made", async () => {
      await signInWithSso(appBrowser(app), simulator, { email: "grace@example.com" });
      assertEquals(
        (await app
          .sql`select count(*)::int as n from users where lower(email) = 'grace@example.com'`)[0].n,
        1,
      );
    });

    await t.step("still only with a verified e-mail", async () => {
      const browser = appBrowser(app);
      const res = await signInWithSso(browser, simulator, {
        email: "eve@example.com",
        emailVerified: false,
      });
      assertEquals(res.headers.get("location"), "/login");
      assertEquals(await refusalShown(browser), "Single sign-on failed. Please try again.");
      assertEquals((await app.sql`select 1 from users where email = 'eve@example.com'`).length, 0);
    });
  },
  () => ({ OIDC_CREATE_USERS: "true", OIDC_BUTTON_LABEL: "Sign in with Okta" }),
);
