// The body of POST /api/scim-tokens (spec 4 §6). Messages are whole sentences
// (http/read_body.ts); the Provisioning tab's dialog checks with the same rule.
import { z } from "zod";

/** Where an identity provider is pointed: `<origin>/scim/v2` (the Provisioning tab shows it). */
export const SCIM_BASE_PATH = "/scim/v2";

export const SCIM_TOKEN_NAME_MAX = 100;

export const SCIM_TOKEN_MESSAGES = {
  nameRequired: "Token name is required",
  nameTooLong: `Token name must be at most ${SCIM_TOKEN_NAME_MAX} characters`,
  nameTaken: "A token with this name already exists",
} as const;

const M = SCIM_TOKEN_MESSAGES;

export const scimTokenBody = z.object({
  name: z.string({ error: M.nameRequired }).trim().min(1, { error: M.nameRequired, abort: true })
    .max(SCIM_TOKEN_NAME_MAX, M.nameTooLong),
});

export type ScimTokenInput = z.infer<typeof scimTokenBody>;
