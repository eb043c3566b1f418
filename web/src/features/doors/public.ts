// What other screens embed of the members' doors (spec 3 §4): `Your Doors` on /app,
// which also keeps the members' live channel open; and the keys of the doors' read
// and of the Face ID check, which the server answers into /app as it renders it
// (app/prerender.tsx).
export { YourDoors } from "./YourDoors";
export { MEMBER_DOORS_KEY, passkeyCheckKey } from "./api";
// And of the Doors board: a room's doors' positions (the room Overview), the board's
// words (the device page's Connection card) and its live read.
export { RoomDoorPositions } from "./RoomDoorPositions";
export { useDoorBoard } from "./board_api";
export { connectionText, type DoorEntry, type DoorFacts, lastSeenText, listText, positionText } from "./board_rules";
// And of a guest's pass and a member's guests (spec 4 §5): the words an unlock's
// answer gets, and the member's rooms (the rooms a member invites a guest to).
export { DOOR_MESSAGES, unlockedToast } from "./door_rules";
export { useMemberDoors } from "./api";
