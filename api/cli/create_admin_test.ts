import { assertEquals, assertRejects } from "../testing/assert.ts";
import { freshDatabase } from "../db/test_db.ts";
import { verifyPassword } from "../auth/password.ts";
import { createAdmin } from "./create_admin.ts";

Deno.test("create-admin creates a new admin, and promotes an existing user", async () => {
  const db = await freshDatabase();
  const { sql } = db;
  const admins = () =>
    sql`select u.email from users u join user_groups ug on ug.user_id = u.id
        join groups g on g.id = ug.group_id where g.name = 'Admin' and g.is_active order by u.email`;
  try {
    assertEquals(
      await createAdmin(sql, { email: "Root@Example.com", password: "a strong one" }),
      "created",
    );
    assertEquals((await admins()).map((r) => r.email), ["root@example.com"]);
    const [root] = await sql`select password_hash from users where email = 'root@example.com'`;
    assertEquals(await verifyPassword("a strong one", root.passwordHash), true);

    await sql`insert into users (email, password_hash, is_active) values ('sam@example.com', 'x', false)`;
    assertEquals(await createAdmin(sql, { email: "sam@example.com" }), "promoted");
    const [sam] =
      await sql`select is_active, password_hash from users where email = 'sam@example.com'`;
    assertEquals(sam, { isActive: true, passwordHash: "x" }, "active again, password kept");
    assertEquals((await admins()).length, 2);

    // Running it twice changes nothing more.
    assertEquals(await createAdmin(sql, { email: "sam@example.com" }), "promoted");
    assertEquals((await sql`select count(*)::int as n from groups where name = 'Admin'`)[0].n, 1);
  } finally {
    await db.close();
  }
});

Deno.test("create-admin refuses bad input and changes nothing", async () => {
  const db = await freshDatabase();
  try {
    await assertRejects(
      () => createAdmin(db.sql, { email: "nobody@example.com" }),
      /--password is required/,
    );
    await assertRejects(
      () => createAdmin(db.sql, { email: "bad", password: "long enough" }),
      /email/,
    );
    await assertRejects(
      () => createAdmin(db.sql, { email: "a@b.co", password: "short" }),
      /at least 8/,
    );
    assertEquals((await db.sql`select count(*)::int as n from users`)[0].n, 0);
  } finally {
    await db.close();
  }
});

Deno.test("the command line works end to end on an embedded database", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const run = (...args: string[]) =>
      new Deno.Command(Deno.execPath(), {
        args: ["run", "-A", "api/cli/create_admin.ts", ...args],
        env: { DATABASE_URL: "", DATA_DIR: dir },
        stdout: "piped",
        stderr: "piped",
      }).output();
    const ok = await run("--email", "ops@example.com", "--password", "long enough");
    assertEquals(ok.code, 0);
    assertEquals(new TextDecoder().decode(ok.stdout).trim(), "ops@example.com: created as admin");
    const bad = await run("--email", "ops2@example.com");
    assertEquals(bad.code, 1);
    assertEquals(
      new TextDecoder().decode(bad.stderr).trim(),
      "create-admin: --password is required to create a new user",
    );
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
