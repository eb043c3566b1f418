// What every successful sign-in or sign-up ends with (spec 1 §4): the session is
// verified with the me call, and 100 ms later the visitor is taken to /app.
import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { useNavigate } from "react-router-dom";
import { rememberEmail } from "../../api/auth";
import { SESSION_QUERY_KEY, type SessionUser, storeUser } from "../../api/session";

export const NAVIGATION_DELAY_MS = 100;

/** Stores the verified user and e-mail, then goes to /app after the spec's delay. */
export function useEnterApp() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback((user: SessionUser) => {
    storeUser(user);
    rememberEmail(user.email);
    setTimeout(() => {
      // Whatever was cached belonged to the previous visitor of this browser.
      queryClient.clear();
      queryClient.setQueryData(SESSION_QUERY_KEY, user);
      navigate("/app", { replace: true });
    }, NAVIGATION_DELAY_MS);
  }, [navigate, queryClient]);
}
