// What only the users screens read (spec 1 §7), keyed by their URL so the
// default query function fetches them and the persisted cache keeps them for
// offline use: identity verification, a user's groups and credentials. The
// users themselves, their keys and cache edits are in web/src/api/users.ts;
// changes are in changes.ts.
import { useQuery } from "@tanstack/react-query";
import { isSaved } from "../../api/mutations";
import { userGroupsKey } from "../../api/users";
import type * as contract from "../../../../api/users/contract.ts";
import type { Json } from "../../../../api/http/contract_json.ts";

export type VerificationStatuses = contract.VerificationStatuses;

export type UserVerification = Json<contract.UserVerification>;

/** A group as GET /api/users/{id}/groups lists it (without the counts). */
export type UserGroup = Json<contract.UserGroup>;

export type Credential = Json<contract.Credential>;

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
