// What other screens embed of the visitors (spec 4 §5): a member's `Guests` on /app.
export { Guests } from "./Guests";
