// `npm run create-admin -- --email you@example.com --password '…' [--first-name A --last-name B]`
// Creates the first admin of a real deployment, or promotes an existing user:
// the user is made active and put in the group Admin (created if missing).
import { parseArgs } from "node:util";
import { z } from "zod";
import type { Sql } from "../db/connect.ts";
import { runCommand } from "./run_command.ts";
import { hashPassword } from "../auth/password.ts";
import { email as emailSchema, password as passwordSchema } from "../auth/schemas.ts";
import { describe } from "../http/validate.ts";
import { SYSTEM, writeEvent } from "../audit/record.ts";

const options = z.object({
  email: emailSchema,
  password: passwordSchema.optional(),
  firstName: z.string().trim().max(100).default(""),
  lastName: z.string().trim().max(100).default(""),
});
export type AdminOptions = z.input<typeof options>;

/** Returns what it did: "created" or "promoted". */
export async function createAdmin(sql: Sql, input: AdminOptions): Promise<"created" | "promoted"> {
  const parsed = options.safeParse(input);
  if (!parsed.success) throw new Error(describe(parsed.error));
  const { email, password, firstName, lastName } = parsed.data;
  const hash = password ? await hashPassword(password) : null;
  return await sql.begin(async (tx) => {
    const [existing] = await tx<
      { id: number }[]
    >`select id from users where lower(email) = ${email}`;
    if (!existing && !hash) throw new Error("--password is required to create a new user");
    const [user] = existing
      ? await tx<{ id: number }[]>`update users set is_active = true,
          password_hash = coalesce(${hash}, password_hash) where id = ${existing.id} returning id`
      : await tx<{ id: number }[]>`insert into users (email, password_hash, first_name, last_name)
          values (${email}, ${hash}, ${firstName}, ${lastName || "Admin"}) returning id`;
    await tx`insert into groups (name, description)
      select 'Admin', 'Administrators' where not exists (select 1 from groups where name = 'Admin')`;
    await tx`update groups set is_active = true where name = 'Admin'`;
    await tx`insert into user_groups (user_id, group_id)
      select ${user.id}, id from groups where name = 'Admin' on conflict do nothing`;
    // An admin change like any other, made by Threshold itself at the console.
    await writeEvent(
      tx,
      {
        action: existing ? "user.promote" : "user.create",
        target: { type: "user", id: user.id, name: email },
        changes: { admin: [null, true] },
      },
      SYSTEM,
      { ip: null, userAgent: "create-admin", requestId: null },
    );
    return existing ? "promoted" : "created";
  });
}

if (import.meta.main) {
  const { values } = parseArgs({
    args: Deno.args,
    options: {
      email: { type: "string" },
      password: { type: "string" },
      "first-name": { type: "string" },
      "last-name": { type: "string" },
    },
  });
  await runCommand("create-admin", async (sql) => {
    const done = await createAdmin(sql, {
      email: values.email ?? "",
      password: values.password,
      firstName: values["first-name"],
      lastName: values["last-name"],
    });
    return `${values.email}: ${done} as admin`;
  });
}
