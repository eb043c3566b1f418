// The guest's pass calls (spec 4 §5), public: the link's token is the credential. It
// goes only into these calls' paths, never into the query cache, whose keys are saved
// (offline/persister.ts): the page reads with plain calls into its own state, like
// the invitation page. An unlock is sent at once or not at all, never queued.
import { call } from "../../api/client";
import type { UnlockGranted } from "../../../../api/member_doors/contract.ts";
import type { Json } from "../../../../api/http/contract_json.ts";
import type { VisitPass } from "./visit_display";

export type PassUnlock = Json<UnlockGranted>;

const passPath = (token: string) => `/api/pass/${encodeURIComponent(token)}`;
/** The server waits up to 3 s for the doors; this leaves room for the rest. */
const CALL_TIMEOUT_MS = 10_000;

/** Unknown or replaced: ApiError 404 `This pass does not exist`. */
export const readPass = (token: string, signal?: AbortSignal) => call<VisitPass>("GET", passPath(token), { signal, timeoutMs: CALL_TIMEOUT_MS });

/** The doors' decision for the guest at that room; denied, ApiError 403 with the reason's sentence. */
export const unlockFromPass = (token: string, roomId: number) =>
  call<PassUnlock>("POST", `${passPath(token)}/rooms/${roomId}/unlock`, { timeoutMs: CALL_TIMEOUT_MS });
