// What other features' screens use from the schedules feature: the schedule
// select of a group's rooms and of a room's door.
export { ScheduleSelect } from "./ScheduleSelect";
