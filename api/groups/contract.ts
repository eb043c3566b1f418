// What the groups calls answer and take (spec 1 §7): the one definition the
// server's SQL and the web's screens both use. Zod and schema files only.
import type { z } from "zod";
import type { createGroupBody, updateGroupBody } from "./schemas.ts";

export type Group = {
  id: number;
  name: string;
  description: string | null;
  isActive: boolean;
  /** Members pass a lockdown at the group's rooms, whatever the grant's schedule (spec 3 §2). */
  lockdownOverride: boolean;
  createdAt: Date;
  updatedAt: Date;
};

/** GET /api/groups/with-counts, GET /api/groups/{id}, POST /api/groups. */
export type GroupWithCounts = Group & { userCount: number; roomCount: number };

/** GET /api/groups/{id}/users, POST /api/groups/{id}/users/{userId}. */
export type Member = {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  isActive: boolean;
  addedAt: Date;
  updatedAt: Date;
};

/** DELETE /api/groups/{id}/users/{userId}. */
export type MemberRemoved = { success: true; groupId: number; userId: number };

export type CreateGroupRequest = z.input<typeof createGroupBody>;
export type UpdateGroupRequest = z.input<typeof updateGroupBody>;
