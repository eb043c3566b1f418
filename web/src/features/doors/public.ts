// What other screens embed of the members' doors (spec 3 §4): `Your Doors` on /app,
// which also keeps the members' live channel open.
export { YourDoors } from "./YourDoors";
