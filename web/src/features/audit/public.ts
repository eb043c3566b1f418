// What other features' screens use from the audit feature: the "View history"
// link on a user's, group's, room's or device's page.
import { isSaved } from "../../api/mutations";
import { historyPath } from "./audit_display";

/** The thing's history in the audit log; none for a thing made offline and not yet saved. */
export const historyLink = (type: "user" | "group" | "room" | "device", id: number) =>
  isSaved(id) ? historyPath(type, id) : undefined;
