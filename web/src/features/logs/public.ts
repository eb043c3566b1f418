// What other features' screens embed from the logs feature: the Log tab of a
// user, group, room or device, and the text its empty search shows.
export { EntityLog } from "./EntityLog";
export { LOG_ENTRIES_NO_MATCH } from "./LogTable";
