// What other features' screens use from the schedules feature: the schedule
// select of a group's rooms and of a room's door, and how a time to come reads
// (a member's door: "opens Monday 08:00").
export { ScheduleSelect } from "./ScheduleSelect";
export { whenText } from "./open_line";
export { useNow } from "./use_now";
