// What the notification settings calls answer (spec 4 §3): the one definition the
// server and the web's Notifications card both use. Types only.

/** Which alarms reach an admin on a channel. */
export type AlarmReach = "critical" | "all" | "none";

/** GET/PUT /api/me/notification-settings. */
export type NotificationSettings = { pushAlarms: AlarmReach; emailAlarms: AlarmReach; updatedAt: Date | null };
