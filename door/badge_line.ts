// A line of the controller's standard input: a door input (`door open`, `door close`,
// `exit`, `tamper on`, `tamper off`; spec 4 §1), or a badge: `HID Prox 12 4567` (type,
// facility code, card code), `EM41 0A1B2C3D` (no facility code), `passkey <id>`,
// `wallet <id>`, checked by the same schema as the server's decision requests.
import { credential, type CredentialInput } from "../api/access/schemas.ts";
import { CREDENTIAL_TYPES } from "../api/users/schemas.ts";
import type { DoorEventType } from "../api/doors/door_rules.ts";

const DOOR_INPUTS: Record<string, DoorEventType> = {
  "door open": "door.opened",
  "door close": "door.closed",
  "exit": "exit.requested",
  "tamper on": "tamper.on",
  "tamper off": "tamper.off",
};

/** The door input a line names, if it names one. */
export function parseDoorInput(line: string): DoorEventType | undefined {
  return DOOR_INPUTS[line.trim().toLowerCase().replace(/\s+/g, " ")];
}

export function parseBadge(line: string): CredentialInput | string {
  const text = line.trim();
  const type = [...CREDENTIAL_TYPES, "passkey", "wallet"].find((t) => text.startsWith(`${t} `));
  if (!type) return `Unknown badge "${text}": start with one of ${[...CREDENTIAL_TYPES, "passkey", "wallet"].join(", ")}`;
  const parts = text.slice(type.length).trim().split(/\s+/);
  const value = type === "passkey" || type === "wallet"
    ? { type, credentialId: parts.join(" ") }
    : parts.length === 1
    ? { type, cardCode: parts[0] }
    : parts.length === 2
    ? { type, facilityCode: parts[0], cardCode: parts[1] }
    : undefined;
  const parsed = value && credential.safeParse(value);
  return parsed?.success ? parsed.data : `Unknown badge "${text}": a type, then the facility code (if any) and the card code`;
}
