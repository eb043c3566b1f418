// Sign-out, with the two failure behaviours the specs give: the dashboard's dialog
// only logs a failed logout and stays (spec 1 §4); the home page clears caches and
// goes to /login anyway (spec 2 §4).
import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { useNavigate } from "react-router-dom";
import { logout } from "../../api/auth";
import { clearStoredUser, SESSION_QUERY_KEY } from "../../api/session";

export type OnLogoutFailure = "stay" | "leave";

export function useSignOut(onFailure: OnLogoutFailure) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(async () => {
    let signedOut = true;
    try {
      await logout();
    } catch (error) {
      console.error("Logout failed:", error);
      if (onFailure === "stay") return; // the stored user is kept, no navigation, no retry
      signedOut = false;
    }
    queryClient.clear();
    clearStoredUser();
    // Known signed out: /login shows its form at once instead of asking the server.
    if (signedOut) queryClient.setQueryData(SESSION_QUERY_KEY, null);
    navigate("/login", { replace: true });
  }, [navigate, onFailure, queryClient]);
}
