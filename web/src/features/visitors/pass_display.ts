// What the guest's pass page says (spec 4 §5), pure: its texts, and the line that
// says whether the pass works now.
import type { VisitStatus } from "../../../../api/visits/visit_rules.ts";
import { momentText, passOpensAt } from "./visit_display";

export const PASS_TEXTS = {
  screen: "Visitor Pass",
  heading: "Your visitor pass",
  hostLine: (host: string) => `Your host: ${host}`,
  zoneLine: (zone: string) => `Times in ${zone}`,
  savedLine: (at: string) => `Offline: your pass as saved on this device at ${at}`,
  pin: "PIN",
  qr: "QR code of your pass",
  qrCaption: "Show this code to a door's QR reader, or type the PIN on its keypad.",
  rooms: "Rooms",
  gone: "This pass does not exist",
  askHost: "Ask your host for a new link.",
  unreadable: "Could not open this pass. Please try again.",
  offlineNeverOpened: "You're offline. Open this pass once while online to keep it on this device.",
  unlockFailed: "Could not unlock. Please try again.",
  // The doors' denial of a pass outside its window (spec 4 §5: visit_not_active).
  notValid: "This pass is not valid right now",
} as const;

/** The line above the PIN: when an upcoming pass starts to work; that an ended or revoked one does not. */
export function passStatusLine(status: VisitStatus, startsAt: string, timeZone: string): string | null {
  if (status === "active") return null;
  if (status === "upcoming") return `Your pass works from ${momentText(passOpensAt(startsAt), timeZone)}.`;
  return PASS_TEXTS.notValid;
}
