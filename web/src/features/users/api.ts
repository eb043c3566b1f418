// The users calls the screens read (spec 1 §7), keyed by their URL so the
// default query function fetches them and the persisted cache keeps them
// for offline use. Changes are in changes.ts.
import { type QueryClient, useQuery, useQueryClient } from "@tanstack/react-query";

export type GroupRef = { id: number; name: string; isActive: boolean };

export type User = {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  isActive: boolean;
  isAdmin: boolean;
  groups: GroupRef[];
  stripeVerificationStatus: string | null;
  stripeVerifiedAt: string | null;
  createdAt: string;
  updatedAt: string;
};

export type VerificationStatuses = Record<string, { verified: boolean; status: string | null }>;

export type UserVerification = {
  verified: boolean;
  status: string | null;
  verificationUrl: string | null;
  verificationDate: string | null;
  lastError: { message?: string | null; code?: string | null } | null;
};

export type UserGroup = {
  id: number;
  name: string;
  description: string | null;
  isActive: boolean;
  createdAt: string;
  updatedAt: string;
};

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

export const USERS_KEY = ["/api/users"] as const;
export const VERIFICATION_STATUSES_KEY = ["/api/users/verification-statuses"] as const;
export const userKey = (id: number) => [`/api/users/${id}`] as const;
export const userVerificationKey = (id: number) => [`/api/users/${id}/verification-status`] as const;
export const userGroupsKey = (id: number) => [`/api/users/${id}/groups`] as const;
export const userCredentialsKey = (id: number) => [`/api/users/${id}/credentials`] as const;

/** A created-offline user has a negative id the server does not know yet. */
export const isSaved = (id: number) => id > 0;

export const useUsers = (enabled = true) => useQuery<User[]>({ queryKey: USERS_KEY, enabled });

export const useVerificationStatuses = () => useQuery<VerificationStatuses>({ queryKey: VERIFICATION_STATUSES_KEY });

/** The user; while it loads (or offline, or just created offline) the list's row stands in. */
export function useUser(id: number) {
  const cache = useQueryClient();
  return useQuery<User>({
    queryKey: userKey(id),
    enabled: isSaved(id),
    placeholderData: () => cachedListUser(cache, id),
  });
}

export function cachedListUser(cache: QueryClient, id: number): User | undefined {
  return cache.getQueryData<User[]>(USERS_KEY)?.find((u) => u.id === id);
}

/** Stripe changes it from outside (webhooks): read again whenever a page shows it. */
export const useUserVerification = (id: number) =>
  useQuery<UserVerification>({ queryKey: userVerificationKey(id), enabled: isSaved(id), staleTime: 0 });

export const useUserGroups = (id: number) => useQuery<UserGroup[]>({ queryKey: userGroupsKey(id), enabled: isSaved(id) });

export const useUserCredentials = (id: number) =>
  useQuery<Credential[]>({ queryKey: userCredentialsKey(id), enabled: isSaved(id) });
