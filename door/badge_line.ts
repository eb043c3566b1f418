// A line of the controller's standard input: a door input (`door open`, `door close`,
// `exit`, `tamper on`, `tamper off`; spec 4 §1), or a badge: `HID Prox 12 4567` (type,
// facility code, card code), `EM41 0A1B2C3D` (no facility code), `passkey <id>`,
// `wallet <id>`; or a guest's (spec 4 §5): a keypad's `PIN 123456`, a QR reader's
// `PASS <code>` (the pass's QR code reads `THRESHOLD-PASS:<code>`, taken as it is too).
// Each checked by the same schema as the server's decision requests.
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

/** A guest's line: its credential's type, by the line's first word. */
const GUEST = { PIN: "PIN", PASS: "Visitor Pass" } as const;
const PASS_PREFIX = "THRESHOLD-PASS:";

export function parseBadge(line: string): CredentialInput | string {
  const text = line.trim();
  const word = /^(PIN|PASS)\s+(\S+)$/.exec(text);
  if (word) {
    const code = word[1] === "PASS" && word[2].startsWith(PASS_PREFIX) ? word[2].slice(PASS_PREFIX.length) : word[2];
    const parsed = credential.safeParse({ type: GUEST[word[1] as keyof typeof GUEST], code });
    return parsed.success ? parsed.data : `Unknown ${word[1]} "${text}": ${word[1] === "PIN" ? "PIN <digits>" : "PASS <code>"}`;
  }
  const type = [...CREDENTIAL_TYPES, "passkey", "wallet"].find((t) => text.startsWith(`${t} `));
  if (!type) return `Unknown badge "${text}": start with one of ${[...CREDENTIAL_TYPES, "passkey", "wallet", "PIN", "PASS"].join(", ")}`;
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
