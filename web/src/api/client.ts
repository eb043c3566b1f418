// The one way the web app reaches the server: every call to /api goes through
// send(). It is also where a sign-out is made to hold on a shared tablet: from
// the moment someone signs out, even offline, no call goes with their session
// cookie (HttpOnly, so the page cannot delete it) until the server has ended
// that session; the logout is sent first, before anything else, at the first
// chance the network gives.
import { isSignOutPending, setSignOutPending } from "../offline/storage";

const LOGOUT_PATH = "/api/auth/logout";

/** Nothing was sent: the previous session could not be ended yet (no network). */
export class SignOutPendingError extends TypeError {
  constructor() {
    super("The previous sign-out has not reached the server yet");
    this.name = "SignOutPendingError";
  }
}

let ending: Promise<boolean> | null = null;

/**
 * Sends the logout this browser still owes the server, once even when many
 * calls ask at the same moment. True when none is owed (any more).
 */
export function endPendingSession(): Promise<boolean> {
  if (!isSignOutPending()) return Promise.resolve(true);
  ending ??= (async () => {
    try {
      const res = await fetch(new URL(LOGOUT_PATH, location.href), { method: "POST", credentials: "include" });
      // 5xx: the server could not end it (database away); ask again next time.
      if (res.status >= 500) return false;
      setSignOutPending(false);
      return true;
    } catch {
      return false;
    } finally {
      ending = null;
    }
  })();
  return ending;
}

/** fetch() with the session cookie, once no sign-out is owed; SignOutPendingError otherwise. */
export async function send(path: string, init: RequestInit = {}): Promise<Response> {
  if (!(await endPendingSession())) throw new SignOutPendingError();
  return await fetch(path, { credentials: "include", ...init });
}
