// Threshold's people and groups as SCIM resources (RFC 7643 §4): a user's userName is
// their e-mail, which is also their one (work, primary) e-mail; meta.version is the
// row's version (updated_at), the same one If-Match names on the dashboard.
import type { Context } from "hono";
import type { ScimGroupRow, ScimUserRow } from "./repo.ts";
import { scimJson } from "./errors.ts";

export const USER_SCHEMA = "urn:ietf:params:scim:schemas:core:2.0:User";
export const GROUP_SCHEMA = "urn:ietf:params:scim:schemas:core:2.0:Group";
export const LIST_SCHEMA = "urn:ietf:params:scim:api:messages:2.0:ListResponse";

export const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** A row's version as an ETag: W/"<updatedAt>" (http/versions.ts reads it back from If-Match). */
export const versionOf = (updatedAt: Date) => `W/"${updatedAt.toISOString()}"`;

const meta = (resourceType: "User" | "Group", location: string, row: { createdAt: Date; updatedAt: Date }) => ({
  resourceType,
  created: row.createdAt.toISOString(),
  lastModified: row.updatedAt.toISOString(),
  location,
  version: versionOf(row.updatedAt),
});

const fullName = (row: { firstName: string; lastName: string; email: string }) =>
  `${row.firstName} ${row.lastName}`.trim() || row.email;

export function scimUser(base: string, row: ScimUserRow) {
  const location = `${base}/Users/${row.id}`;
  return {
    schemas: [USER_SCHEMA],
    id: String(row.id),
    ...(row.externalId !== null ? { externalId: row.externalId } : {}),
    userName: row.email,
    name: { givenName: row.firstName, familyName: row.lastName, formatted: fullName(row) },
    displayName: fullName(row),
    emails: [{ value: row.email, type: "work", primary: true }],
    active: row.isActive,
    groups: row.groups.map((group) => ({
      value: String(group.id),
      display: group.name,
      $ref: `${base}/Groups/${group.id}`,
      type: "direct",
    })),
    meta: meta("User", location, row),
  };
}

export function scimGroup(base: string, row: ScimGroupRow) {
  const location = `${base}/Groups/${row.id}`;
  return {
    schemas: [GROUP_SCHEMA],
    id: String(row.id),
    ...(row.externalId !== null ? { externalId: row.externalId } : {}),
    displayName: row.name,
    ...(row.members !== null
      ? {
        members: row.members.map((member) => ({
          value: String(member.id),
          display: member.name,
          $ref: `${base}/Users/${member.id}`,
          type: "User",
        })),
      }
      : {}),
    meta: meta("Group", location, row),
  };
}

/** RFC 7644 §3.4.2: a page of a list. */
export const listResponse = (total: number, startIndex: number, resources: unknown[]) => ({
  schemas: [LIST_SCHEMA],
  totalResults: total,
  itemsPerPage: resources.length,
  startIndex,
  Resources: resources,
});

/** A User or Group as answered: its version as ETag and, when just made (201), its Location. */
export function answerResource(
  c: Context,
  resource: { meta: { location: string } },
  updatedAt: Date,
  status: 200 | 201 = 200,
) {
  const headers: Record<string, string> = { ETag: versionOf(updatedAt) };
  if (status === 201) headers.Location = resource.meta.location;
  return scimJson(c, resource, status, headers);
}
