// What every successful sign-in or sign-up ends with (spec 1 §4): the session is
// verified with the me call, and 100 ms later the visitor is taken to /app. The
// user becomes the owner of what this browser keeps, and the changes they kept
// waiting at their last sign-out here go to the server now (the outbox, and
// IndexedDB with it, loads then: the sign-in page itself does not need them).
import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { useNavigate } from "react-router-dom";
import { SESSION_QUERY_KEY, type SessionUser } from "../../api/session";
import { rememberEmail, storeUser } from "../../offline/storage";

export const NAVIGATION_DELAY_MS = 100;

/** Stores the verified user and e-mail, then goes to /app after the spec's delay. */
export function useEnterApp() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback((user: SessionUser) => {
    rememberEmail(user.email);
    setTimeout(() => {
      // Whatever is still in memory belonged to the previous visitor of this browser:
      // gone in the same tick the new owner is stored, so it is never persisted as theirs.
      queryClient.clear();
      storeUser(user);
      queryClient.setQueryData(SESSION_QUERY_KEY, user);
      void import("../../offline/outbox").then((outbox) => outbox.replay());
      navigate("/app", { replace: true });
    }, NAVIGATION_DELAY_MS);
  }, [navigate, queryClient]);
}
