// Every change of the users area goes through the one mutation layer (useChange):
// queued in the outbox with its optimistic cache edit, sent with an
// Idempotency-Key, edits with If-Match on the version they were based on.
import type { QueryClient } from "@tanstack/react-query";
import { cacheCreated, editRequest, type EntityKind, useDeleteChange, useEditChange, useToggleChange } from "../../api/entity_changes";
import { type ChangeHandlers, useChange } from "../../api/mutations";
import { patchCachedUser, type User, userKey, USERS_KEY } from "../../api/users";
import { type Credential, userCredentialsKey, VERIFICATION_STATUSES_KEY } from "./api";
import type { CreateUserRequest } from "../../../../api/users/contract.ts";
import type { UserDetailsForm } from "./user_forms";

const USER: EntityKind<User> = { path: "/api/users", list: USERS_KEY, detail: userKey, patch: patchCachedUser };

/**
 * Add New User. An invitation (`invite: true`, spec 4 §4) is a create like any
 * other: made offline it waits in the outbox, and the server sends its e-mail
 * when the create reaches it.
 */
export function useCreateUser(handlers: ChangeHandlers<CreateUserRequest, User> = {}) {
  return useChange<CreateUserRequest, User>({
    request: (form) => ({ method: "POST", path: "/api/users", body: form }),
    describe: (form) => `${form.invite ? "Invite" : "Add"} user ${form.email}`,
    creates: true,
    // The new row shows at once (with its temporary id) and its page renders from it.
    optimistic: (cache, form, tempId) => {
      const now = new Date().toISOString();
      const row: User = {
        id: tempId,
        email: form.email.toLowerCase(),
        firstName: form.firstName,
        lastName: form.lastName,
        isActive: true,
        isAdmin: false,
        groups: [],
        stripeVerificationStatus: null,
        stripeVerifiedAt: null,
        createdAt: now,
        updatedAt: now,
      };
      cacheCreated(cache, USER, row);
    },
    affects: () => [USERS_KEY, VERIFICATION_STATUSES_KEY],
  }, handlers);
}

export type UserEdit = { user: User; form: UserDetailsForm };

export const useUpdateUser = (handlers: ChangeHandlers<UserEdit, User> = {}) =>
  useEditChange(USER, {
    entity: ({ user }: UserEdit) => user,
    body: ({ form }) => form,
    describe: ({ form }) => `Edit user ${form.firstName} ${form.lastName}`,
    affects: ({ user }) => [userKey(user.id), USERS_KEY],
  }, handlers);

export const useToggleUser = (handlers: ChangeHandlers<User, User> = {}) =>
  useToggleChange(USER, {
    describe: (user) => `${user.isActive ? "Deactivate" : "Reactivate"} user ${user.email}`,
    affects: (user) => [userKey(user.id), USERS_KEY],
  }, handlers);

export const useDeleteUser = (handlers: ChangeHandlers<User, unknown> = {}) =>
  useDeleteChange(USER, { describe: (user) => `Delete user ${user.email}`, affects: () => [USERS_KEY] }, handlers);

export type InvitationAnswer = { queued: true; invitationId: number; email: string; queuedAt: string };

export function useResendInvitation(handlers: ChangeHandlers<User, InvitationAnswer> = {}) {
  return useChange<User, InvitationAnswer>({
    request: (user) => ({ method: "POST", path: `/api/users/${user.id}/resend-invitation` }),
    describe: (user) => `Resend invitation to ${user.email}`,
    affects: () => [],
  }, handlers);
}

// --- credentials -------------------------------------------------------------

export type CredentialForm = { type: string; facilityCode: string; cardCode: string };

/** Codes are trimmed; a blank one is sent as empty (the server makes a blank facility code none). */
export const credentialPayload = (form: CredentialForm): CredentialForm => ({
  type: form.type,
  facilityCode: form.facilityCode.trim(),
  cardCode: form.cardCode.trim(),
});

const editCredentials = (cache: QueryClient, userId: number, edit: (rows: Credential[]) => Credential[]) =>
  cache.setQueryData<Credential[]>(userCredentialsKey(userId), (rows) => edit(rows ?? []));

export type NewCredential = { userId: number; form: CredentialForm };

export function useAddCredential(handlers: ChangeHandlers<NewCredential, Credential> = {}) {
  return useChange<NewCredential, Credential>({
    request: ({ userId, form }) => ({ method: "POST", path: `/api/users/${userId}/credentials`, body: credentialPayload(form) }),
    describe: ({ form }) => `Add ${form.type} credential`,
    creates: true,
    optimistic: (cache, { userId, form }, tempId) => {
      const body = credentialPayload(form);
      const now = new Date().toISOString();
      editCredentials(cache, userId, (rows) => [
        ...rows,
        {
          id: tempId,
          userId,
          type: body.type,
          facilityCode: body.facilityCode || null,
          cardCode: body.cardCode || null,
          isActive: true,
          systemManaged: false,
          createdAt: now,
          updatedAt: now,
        },
      ]);
    },
    affects: ({ userId }) => [userCredentialsKey(userId)],
  }, handlers);
}

export type CredentialEdit = { credential: Credential; form: CredentialForm };

export function useUpdateCredential(handlers: ChangeHandlers<CredentialEdit, Credential> = {}) {
  return useChange<CredentialEdit, Credential>({
    request: ({ credential, form }) =>
      editRequest(`/api/users/${credential.userId}/credentials/${credential.id}`, credential, credentialPayload(form)),
    describe: ({ form }) => `Edit ${form.type} credential`,
    optimistic: (cache, { credential, form }) => {
      const body = credentialPayload(form);
      editCredentials(cache, credential.userId, (rows) =>
        rows.map((row) =>
          row.id === credential.id
            ? { ...row, type: body.type, facilityCode: body.facilityCode || null, cardCode: body.cardCode || null }
            : row
        ));
    },
    affects: ({ credential }) => [userCredentialsKey(credential.userId)],
  }, handlers);
}

export function useRemoveCredential(handlers: ChangeHandlers<Credential, unknown> = {}) {
  return useChange<Credential, unknown>({
    request: (credential) => ({ method: "DELETE", path: `/api/users/${credential.userId}/credentials/${credential.id}` }),
    describe: (credential) => `Remove ${credential.type} credential`,
    optimistic: (cache, credential) =>
      editCredentials(cache, credential.userId, (rows) => rows.filter((row) => row.id !== credential.id)),
    affects: (credential) => [userCredentialsKey(credential.userId)],
  }, handlers);
}
