// What other screens embed of the visitors (spec 4 §5): a member's `Guests` on /app.
export { Guests } from "./Guests";
// A visit's status chip, in the Visitors page's words: a room's Access tab shows its guests so.
export { statusChip } from "./visit_display";
