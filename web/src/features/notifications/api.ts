// The notification calls the card makes (spec 4 §3): the signed-in person's settings
// (which alarms reach them by push and by e-mail) and the server's push key. A save
// is sent at once or not at all, never through the outbox: it needs a connection,
// like an alarm's actions, and the card says so offline.
import { type QueryClient, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { call } from "../../api/client";
import type { Json } from "../../../../api/http/contract_json.ts";
import type { NotificationSettings as Settings } from "../../../../api/notifications/contract.ts";

/** GET/PUT /api/me/notification-settings. */
export type NotificationSettings = Json<Settings>;
export type SettingsChange = Partial<Pick<NotificationSettings, "pushAlarms" | "emailAlarms">>;

export const SETTINGS_KEY = ["/api/me/notification-settings"] as const;
export const PUBLIC_KEY_KEY = ["/api/push/public-key"] as const;
const SAVE_TIMEOUT_MS = 10_000;

/** Read again whenever the card shows (another device may have changed them); offline, as saved. */
export const useNotificationSettings = () => useQuery<NotificationSettings>({ queryKey: SETTINGS_KEY, staleTime: 0 });

/** The server's VAPID public key: made once, kept (so cached for good). */
export const usePublicKey = (enabled: boolean) =>
  useQuery<{ publicKey: string }, Error, string>({ queryKey: PUBLIC_KEY_KEY, enabled, select: (answer) => answer.publicKey });

export function useSaveNotificationSettings() {
  const cache = useQueryClient();
  return useMutation({
    mutationFn: ({ settings, change }: { settings: NotificationSettings; change: SettingsChange }) =>
      call<NotificationSettings>("PUT", SETTINGS_KEY[0], {
        body: change,
        // Never saved yet: nothing to be stale against.
        ifMatch: settings.updatedAt ?? undefined,
        timeoutMs: SAVE_TIMEOUT_MS,
      }),
    networkMode: "always",
    onSuccess: (saved) => cache.setQueryData(SETTINGS_KEY, saved),
    // Refused (412: changed elsewhere meanwhile), the card shows what the server holds.
    onError: () => void cache.invalidateQueries({ queryKey: SETTINGS_KEY }),
  });
}

/** The key when turning push on: the cached one, or read now. */
export const fetchPublicKey = async (cache: QueryClient) =>
  (await cache.fetchQuery<{ publicKey: string }>({ queryKey: PUBLIC_KEY_KEY })).publicKey;
