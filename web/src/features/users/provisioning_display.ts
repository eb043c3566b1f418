// What the Provisioning tab of /dash/users says (spec 4 §6 names the tab, the base
// URL, `New Token` and revoke; the rest are ours, docs/screens.md) and how a token's
// times read. Light on purpose: the users list's tab bar reads it (the name's check,
// with zod, is token_name.ts, loaded with the tab).
import { formatTime } from "../../ui/format_time";

export const PROVISIONING_TEXTS = {
  tab: "Provisioning",
  pageTitle: "User Provisioning",
  intro:
    "Connect an identity provider such as Okta or Microsoft Entra ID to create, update, deactivate and delete Threshold users and groups through SCIM 2.0. The Admin group is managed in Threshold only.",
  baseUrl: "SCIM base URL",
  baseUrlHelp: "Give your identity provider this URL and a token of its own.",
  tokens: "Tokens",
  newToken: "New Token",
  name: "Name",
  nameHelp: "Name the identity provider that will use it. Its changes are audited as “SCIM: <name>”.",
  namePlaceholder: "Okta",
  create: "Create Token",
  created: "Token created",
  createFailed: "Failed to create token",
  tokenTitle: "SCIM token",
  tokenWarning:
    "Copy this token now and paste it into your identity provider: it will not be shown again. Threshold keeps only a hash of it; if it is lost, make a new one and revoke this one.",
  revoke: "Revoke",
  revokeTitle: "Revoke Token",
  revoked: "Token revoked",
  revokeFailed: "Failed to revoke token",
  never: "Never",
  loading: "Loading tokens...",
  fetchFailed: "Failed to fetch tokens",
  empty: "No tokens yet. Make one with New Token for each identity provider.",
  needConnection: "Provisioning changes need a connection",
} as const;

/**
 * Where an identity provider sends SCIM requests: this app's own origin and the
 * spec's path (the server's SCIM_BASE_PATH, a value the web may not import from
 * a contract file; e2e/provisioning.spec.ts calls the address shown).
 */
export const scimBaseUrl = (origin: string) => `${origin.replace(/\/+$/, "")}/scim/v2`;

/** A token's last use: `Never` until an identity provider has used it. */
export const lastUsedText = (lastUsedAt: string | null, timeZone?: string) =>
  lastUsedAt === null ? PROVISIONING_TEXTS.never : formatTime(lastUsedAt, timeZone);

/** What revoking a token does, in the confirmation. */
export const revokeText = (name: string) =>
  `Revoke the token “${name}”? Requests made with it are refused from now on, so the identity provider using it stops provisioning until it is given a new token.`;
