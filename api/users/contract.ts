// What the users calls answer and take (spec 1 §7): the one definition the
// server's SQL and the web's screens both use. Zod and schema files only.
import type { z } from "zod";
import type { createUserBody, credentialBody, updateUserBody } from "./schemas.ts";
import type { Group } from "../groups/contract.ts";
import type { SessionUser } from "../auth/contract.ts";

export type GroupRef = { id: number; name: string; isActive: boolean };

/** A user as every users call answers it: never the password hash. */
export type User = SessionUser & {
  groups: GroupRef[];
  stripeVerificationStatus: string | null;
  stripeVerifiedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
};

/** GET /api/users/{id}/groups: the user's groups, active or not. */
export type UserGroup = Group;

/** GET /api/users/verification-statuses, keyed by user id. */
export type VerificationStatuses = Record<string, { verified: boolean; status: string | null }>;

/** GET /api/users/{id}/verification-status. */
export type UserVerification = {
  verified: boolean;
  status: string | null;
  verificationUrl: string | null;
  verificationDate: Date | null;
  lastError: { message: string | null; code: string | null } | null;
};

/** POST /api/users/{id}/resend-invitation (202). */
export type Invitation = {
  queued: true;
  invitationId: number;
  userId: number;
  email: string;
  status: string;
  queuedAt: Date;
};

/** A badge; id -1 is the synthetic identity-verification row (systemManaged). */
export type Credential = {
  id: number;
  userId: number;
  type: string;
  facilityCode: string | null;
  cardCode: string | null;
  isActive: boolean;
  /** true only for the synthetic identity-verification row (id -1). */
  systemManaged: boolean;
  createdAt: Date | null;
  updatedAt: Date | null;
};

export type CreateUserRequest = z.input<typeof createUserBody>;
export type UpdateUserRequest = z.input<typeof updateUserBody>;
export type CredentialRequest = z.input<typeof credentialBody>;
