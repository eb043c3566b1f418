// Request bodies of the groups calls (spec 1 §3, §5, §7). Messages are whole
// sentences, the spec's where it gives one; see http/read_body.ts.
import { z } from "zod";

export const NAME_REQUIRED = "Group name is required";
export const NAME_AND_DESCRIPTION_REQUIRED = "Group name and description are required.";
const NAME_TOO_LONG = "Group name must be at most 100 characters";
const DESCRIPTION_TOO_LONG = "Description must be at most 1000 characters";
/** Spec 3 §2: members pass a lockdown at the group's rooms. */
const lockdownOverride = z.boolean({ error: "lockdownOverride must be true or false" });

// New group: the name is trimmed and must be non-empty; a blank description is none.
export const createGroupBody = z.object({
  name: z.string({ error: NAME_REQUIRED }).trim().min(1, { error: NAME_REQUIRED, abort: true })
    .max(100, NAME_TOO_LONG),
  description: z.string({ error: "Description must be text" }).trim()
    .max(1000, DESCRIPTION_TOO_LONG).nullable().optional()
    .transform((value) => value || null),
  isActive: z.boolean({ error: "isActive must be true or false" }).optional().default(true),
  lockdownOverride: lockdownOverride.optional().default(false),
});

// Edit group: both fields are required and non-blank.
const required = (max: number, tooLong: string) =>
  z.string({ error: NAME_AND_DESCRIPTION_REQUIRED }).trim()
    .min(1, { error: NAME_AND_DESCRIPTION_REQUIRED, abort: true }).max(max, tooLong);

// lockdownOverride left out: unchanged.
export const updateGroupBody = z.object({
  name: required(100, NAME_TOO_LONG),
  description: required(1000, DESCRIPTION_TOO_LONG),
  lockdownOverride: lockdownOverride.optional(),
});

export type CreateGroupInput = z.infer<typeof createGroupBody>;
export type UpdateGroupInput = z.infer<typeof updateGroupBody>;
