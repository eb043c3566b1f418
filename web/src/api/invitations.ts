// The invitation calls of spec 4 §4: read what an e-mailed invitation is for, and
// accept it with a password, which signs its person in. The token is the link's
// secret: it goes only into these calls' paths, never into the query cache (see
// features/auth/InvitationPage.tsx).
import { call } from "./client";
import type { SessionUser } from "./session";
import type { AcceptInvitationRequest, InvitationView, SignedIn } from "../../../api/auth/contract.ts";
import type { Json } from "../../../api/http/contract_json.ts";

export type Invitation = Json<InvitationView>;

const invitationPath = (token: string) => `/api/auth/invitations/${encodeURIComponent(token)}`;

/** Unknown, used, voided or expired: ApiError 404 `This invitation has expired or was already used`. */
export const readInvitation = (token: string, signal?: AbortSignal) => call<Invitation>("GET", invitationPath(token), { signal });

/** Sets the password and signs in (the answer comes with a session cookie). */
export async function acceptInvitation(token: string, password: string): Promise<SessionUser> {
  const body: AcceptInvitationRequest = { password };
  return (await call<Json<SignedIn>>("POST", `${invitationPath(token)}/accept`, { body })).user;
}
