// The device page's "Assigned Credentials" table (spec 2 §2), from real data:
// every user in an ACTIVE group that holds the device's room, with their badge
// types and whether this device would let them in. Access needs an active user,
// an active room, an active device and at least one active credential (the group
// is active by the selection). The first failing rule is given as the reason, in
// the words the access log uses.
import type { Queries } from "../db/connect.ts";
import type { AssignedCredential } from "./contract.ts";

export async function assignedCredentials(
  sql: Queries,
  device: { roomId: number | null; isActive: boolean },
): Promise<AssignedCredential[]> {
  if (device.roomId === null) return [];
  const [room] = await sql<{ isActive: boolean }[]>`
    select is_active from rooms where id = ${device.roomId}`;
  if (!room) return [];
  const users = await sql<{
    userId: number;
    firstName: string;
    lastName: string;
    email: string;
    isActive: boolean;
    groups: { id: number; name: string }[];
  }[]>`
    select u.id as user_id, u.first_name, u.last_name, u.email, u.is_active,
           json_agg(json_build_object('id', g.id, 'name', g.name) order by lower(g.name), g.id)
             as groups
    from group_rooms gr
    join groups g on g.id = gr.group_id and g.is_active
    join user_groups ug on ug.group_id = g.id
    join users u on u.id = ug.user_id
    where gr.room_id = ${device.roomId}
    group by u.id
    order by lower(u.first_name), lower(u.last_name), u.id`;
  if (!users.length) return [];
  const credentials = await sql<{ userId: number; id: number; type: string; isActive: boolean }[]>`
    select user_id, id, type, is_active from user_credentials
    where user_id = any(${users.map((u) => u.userId)}::int[])
    order by id`;
  return users.map((user) => {
    const own = credentials.filter((c) => c.userId === user.userId)
      .map(({ id, type, isActive }) => ({ id, type, isActive }));
    const reason = !user.isActive
      ? "User is deactivated"
      : !room.isActive
      ? "Room is deactivated"
      : !device.isActive
      ? "Device is deactivated"
      : !own.length
      ? "No credential"
      : !own.some((c) => c.isActive)
      ? "Credential is deactivated"
      : null;
    return {
      userId: user.userId,
      userName: `${user.firstName} ${user.lastName}`.trim() || user.email,
      email: user.email,
      groups: user.groups,
      credentialTypes: [...new Set(own.map((c) => c.type))],
      credentials: own,
      accessAllowed: reason === null,
      accessStatus: reason === null ? "Allowed" : "Denied",
      reason,
    };
  });
}
