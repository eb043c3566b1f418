// A SCIM token's name checked in the New Token dialog by the server's own rule and
// words (api/scim/token_schemas.ts). Apart from provisioning_display.ts: zod comes
// with it, and the users list, which reads those words for its tabs, needs none.
import { scimTokenBody } from "../../../../api/scim/token_schemas.ts";

/** What is wrong with a token's name (nothing: null). */
export function tokenNameProblem(name: string): string | null {
  const checked = scimTokenBody.safeParse({ name });
  return checked.success ? null : checked.error.issues[0].message;
}
