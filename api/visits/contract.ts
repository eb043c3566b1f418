// What the visits calls answer and take (spec 4 §5): the one definition the server
// and the screens use. Types only.
import type { z } from "zod";
import type { visitBody, visitQuery } from "./schemas.ts";
import type { VisitStatus } from "./visit_rules.ts";

export type Visit = {
  id: number;
  guestName: string;
  guestEmail: string | null;
  host: { id: number; name: string };
  roomIds: number[];
  roomNames: string[];
  startsAt: Date;
  endsAt: Date;
  note: string;
  pin: string;
  status: VisitStatus;
  arrivedAt: Date | null;
  revokedAt: Date | null;
  createdAt: Date;
  /** Who made it: its id and name, null once that user is deleted. */
  createdBy: { id: number; name: string } | null;
  updatedAt: Date;
};

/** POST /api/visits (201): the answer that carries the pass's link. */
export type CreatedVisit = Visit & { passUrl: string };

/** POST /api/visits/{id}/new-pass (201): a new link; the guest's current one stops working. */
export type NewPass = { passUrl: string };

export type VisitRequest = z.input<typeof visitBody>;
export type VisitsQuery = z.input<typeof visitQuery>;

/**
 * GET /api/pass/{token} (public): what the guest's pass page shows. The link is the
 * credential; the QR code is `THRESHOLD-PASS:<token>`, made by the page.
 */
export type VisitPass = {
  guestName: string;
  hostName: string;
  rooms: { id: number; name: string }[];
  startsAt: Date;
  endsAt: Date;
  pin: string;
  status: VisitStatus;
};
