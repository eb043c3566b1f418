// What the SCIM token calls answer and take (spec 4 §6): the one definition the
// server's SQL and the Provisioning tab both use. Zod and schema files only.
import type { z } from "zod";
import type { scimTokenBody } from "./token_schemas.ts";

/** GET /api/scim-tokens: a token as listed (the secret is never read back). */
export type ScimToken = {
  id: number;
  name: string;
  createdAt: Date;
  /** The last request made with it (moved at most once a minute), or null: never used. */
  lastUsedAt: Date | null;
};

/** POST /api/scim-tokens (201): the bearer token itself, this once. */
export type NewScimToken = { id: number; name: string; token: string; createdAt: Date };

export type ScimTokenRequest = z.input<typeof scimTokenBody>;
