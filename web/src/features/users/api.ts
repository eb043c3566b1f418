// What only the users screens read (spec 1 §7), keyed by their URL so the
// default query function fetches them and the persisted cache keeps them for
// offline use: identity verification, a user's groups and credentials. The
// users themselves, their keys and cache edits are in web/src/api/users.ts;
// changes are in changes.ts.
import { useQuery } from "@tanstack/react-query";
import { isSaved } from "../../api/mutations";
import type { Group } from "../../api/groups";
import { userGroupsKey } from "../../api/users";

export type VerificationStatuses = Record<string, { verified: boolean; status: string | null }>;

export type UserVerification = {
  verified: boolean;
  status: string | null;
  verificationUrl: string | null;
  verificationDate: string | null;
  lastError: { message?: string | null; code?: string | null } | null;
};

/** A group as GET /api/users/{id}/groups lists it (without the counts). */
export type UserGroup = Omit<Group, "userCount" | "roomCount">;

export type Credential = {
  id: number;
  userId: number;
  type: string;
  facilityCode: string | null;
  cardCode: string | null;
  isActive: boolean;
  systemManaged?: boolean;
  createdAt: string | null;
  updatedAt: string | null;
};

export const VERIFICATION_STATUSES_KEY = ["/api/users/verification-statuses"] as const;
export const userVerificationKey = (id: number) => [`/api/users/${id}/verification-status`] as const;
export const userCredentialsKey = (id: number) => [`/api/users/${id}/credentials`] as const;

export const useVerificationStatuses = () => useQuery<VerificationStatuses>({ queryKey: VERIFICATION_STATUSES_KEY });

/** Stripe changes it from outside (webhooks): read again whenever a page shows it. */
export const useUserVerification = (id: number) =>
  useQuery<UserVerification>({ queryKey: userVerificationKey(id), enabled: isSaved(id), staleTime: 0 });

export const useUserGroups = (id: number) => useQuery<UserGroup[]>({ queryKey: userGroupsKey(id), enabled: isSaved(id) });

export const useUserCredentials = (id: number) =>
  useQuery<Credential[]>({ queryKey: userCredentialsKey(id), enabled: isSaved(id) });
