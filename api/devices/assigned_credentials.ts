// The device page's "Assigned Credentials" table (spec 2 §2), from real data:
// every user in an ACTIVE group that holds the device's room, with their badge
// types and what this door would decide for them now, by the decisions' rules in
// their order (access/decisions.ts): the device active and approved, the room
// active, an active credential, the user active, then the access review's rule for
// the grants they hold (a lockdown unless a group overrides it, a schedule open
// now). The first failing rule is given as the reason, in the words the access log
// uses. The room's grants and their schedules are read once, not per person.
import type { Queries } from "../db/connect.ts";
import { personName } from "../users/person_name.ts";
import { REASONS } from "../access/schemas.ts";
import { grantsDeny, roomGrants, roomState } from "../access_review/repo.ts";
import type { AssignedCredential } from "./contract.ts";

/**
 * Not a decision's reason: a Last Lock lock waiting for approval may have its room,
 * but Last Lock holds it back and no credential reaches it until it is approved (a
 * pending UniFi device has no room).
 */
const AWAITING_APPROVAL = "Device is awaiting approval";
/** Not a decision's reason either: with no badge there is nothing to present. */
const NO_CREDENTIAL = "No credential";

type Credential = { id: number; type: string; isActive: boolean };

export async function assignedCredentials(
  sql: Queries,
  device: { roomId: number | null; isActive: boolean; isPending: boolean },
): Promise<AssignedCredential[]> {
  if (device.roomId === null) return [];
  const [room, grants] = await Promise.all([
    roomState(sql, device.roomId),
    roomGrants(sql, device.roomId, new Date()),
  ]);
  if (!room || !grants.length) return [];
  const groupIds = grants.map((g) => g.groupId);
  const [users, credentials] = await Promise.all([
    sql<{ userId: number; name: string; email: string; isActive: boolean; groupIds: number[] }[]>`
      select u.id as user_id, ${personName(sql, "u")} as name, u.email, u.is_active,
             array_agg(ug.group_id) as group_ids
      from user_groups ug join users u on u.id = ug.user_id
      where ug.group_id = any(${groupIds}::int[])
      group by u.id
      order by lower(u.first_name), lower(u.last_name), u.id`,
    sql<(Credential & { userId: number })[]>`
      select c.user_id, c.id, c.type, c.is_active from user_credentials c
      where c.user_id in (select ug.user_id from user_groups ug where ug.group_id = any(${groupIds}::int[]))
      order by c.id`,
  ]);
  const own = new Map<number, Credential[]>();
  for (const { userId, ...credential } of credentials) {
    const list = own.get(userId);
    if (list) list.push(credential);
    else own.set(userId, [credential]);
  }
  // Shared between the people, as the review shares its grants.
  const groups = grants.map((g) => ({ id: g.groupId, name: g.groupName }));
  return users.map((user) => {
    const held = grants.filter((g) => user.groupIds.includes(g.groupId));
    const badges = own.get(user.userId) ?? [];
    const denied = grantsDeny(room, held);
    const reason = !device.isActive
      ? REASONS.device_inactive
      : device.isPending
      ? AWAITING_APPROVAL
      : !room.isActive
      ? REASONS.room_inactive
      : !badges.length
      ? NO_CREDENTIAL
      : !badges.some((c) => c.isActive)
      ? REASONS.credential_inactive
      : !user.isActive
      ? REASONS.user_inactive
      : denied
      ? REASONS[denied]
      : null;
    return {
      userId: user.userId,
      userName: user.name,
      email: user.email,
      groups: groups.filter((g) => user.groupIds.includes(g.id)),
      credentialTypes: [...new Set(badges.map((c) => c.type))],
      credentials: badges,
      accessAllowed: reason === null,
      accessStatus: reason === null ? "Allowed" : "Denied",
      reason,
    };
  });
}
