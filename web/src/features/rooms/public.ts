// What other features' screens embed from the rooms feature: the parts the user's
// Access tab shares with the room's (spec 4 §7).
export { AccessTabHeader, CanOpenChip } from "./AccessParts";
