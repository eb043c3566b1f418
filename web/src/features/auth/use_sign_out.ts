// Sign-out. On a shared tablet it must hold at once, offline too: from the first
// moment no call goes with this session's cookie (api/client.ts sends the logout
// before anything else at the first chance), the cache and the stored user are
// wiped, and the user's waiting changes are kept for their own next sign-in here
// or discarded, as they chose. The issue this implements overrides spec 1 §4's
// "a failed logout keeps you in": a sign-out the server did not hear yet still
// signs the person out here; "Logout failed:" is logged and the logout retried.
// The device's notifications are closed and its push subscription dropped, not
// waited for (the server's logout deletes the subscription anyway).
import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { useNavigate } from "react-router-dom";
import { endPendingSession } from "../../api/client";
import { SESSION_QUERY_KEY } from "../../api/session";
import { forgetUser, setSignOutPending } from "../../offline/storage";
import { forgetPushOnThisDevice } from "../notifications/public";

export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(async (keepChanges: boolean) => {
    setSignOutPending(true);
    void forgetPushOnThisDevice();
    queryClient.clear();
    await forgetUser(keepChanges);
    // Known signed out: /login shows its form at once instead of asking the server.
    queryClient.setQueryData(SESSION_QUERY_KEY, null);
    navigate("/login", { replace: true });
    if (!(await endPendingSession())) {
      console.error("Logout failed:", "the server was not reached; the logout is sent when it is");
    }
  }, [navigate, queryClient]);
}
