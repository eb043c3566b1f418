// The changes to a person that the dashboard (users/routes.ts) and SCIM provisioning
// (scim/user_routes.ts) both make, so that each has one meaning whichever door it
// came through: the same rows, the same revocations, the same audit events. Doors
// hear of them through the access lists' triggers (migration 018).
import type { Context } from "hono";
import type { Queries } from "../db/connect.ts";
import type { Env } from "../http/env.ts";
import { notFound } from "../http/not_found.ts";
import { endAllSessions } from "../auth/sessions.ts";
import { voidAccountLinks } from "../auth/invitations.ts";
import { auditChange } from "../audit/record.ts";
import { deleteUser, findUser, updateUser } from "./repo.ts";
import type { UpdateUserInput } from "./schemas.ts";

/** What the audit trail shows of a user: never the password, only that one was set. */
export const PERSON = ["firstName", "lastName", "email", "isActive"];

export const LAST_ADMIN = "This would leave no active administrator";

/** New name and e-mail; links e-mailed to the old address no longer open the account. */
export async function changePerson(tx: Queries, id: number, before: { email: string }, input: UpdateUserInput) {
  await updateUser(tx, id, input);
  if (before.email !== input.email) await voidAccountLinks(tx, id);
}

/** After a deactivation: no session or e-mailed link survives it. */
export async function revokeAccess(tx: Queries, id: number) {
  await endAllSessions(tx, id);
  await voidAccountLinks(tx, id);
}

/** Makes the user active or not, as asked (a deactivation revokes access); false when they already were. */
export async function setUserActive(tx: Queries, id: number, active: boolean): Promise<boolean> {
  const rows = await tx`update users set is_active = ${active} where id = ${id} and is_active <> ${active}
    returning id`;
  if (rows.length && !active) await revokeAccess(tx, id);
  return rows.length > 0;
}

/**
 * Deletes the user for good (users/repo.ts says what goes with them), audited.
 * Run it through keepingAnAdmin (groups/admins.ts): the last admin stays.
 */
export async function deleteUserAudited(c: Context<Env>, tx: Queries, id: number) {
  const before = await findUser(tx, id);
  if (!before || !(await deleteUser(tx, id))) throw notFound.user();
  auditChange(c, "user", "delete", before, null, PERSON);
}
