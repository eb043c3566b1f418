// What a SCIM request asks of a group: displayName, externalId and members (user ids).
// A POST or PUT body is read whole; a PATCH's operations are applied one by one, in
// the shapes Okta and Entra send: members added and removed with a value list
// ({ op: "Add"|"Remove", path: "members", value: [{ value: "12" }] }), one removed by
// a value filter (path: members[value eq "12"]), all replaced (Okta's
// { op: "replace", path: "members", value: [...] }), or a rename with or without a
// path (Okta sends { op: "replace", value: { id, displayName } }).
import { invalidPath, invalidSyntax, invalidValue } from "./errors.ts";
import type { Operation } from "./patch.ts";
import type { ScimGroupRow } from "./repo.ts";
import { GROUP_SCHEMA, isObject } from "./resources.ts";
import { attribute, checkSchemas, externalId, sameId, text } from "./user_edit.ts";
import { isCanonicalId } from "../http/schema_parts.ts";

export type GroupState = { displayName: string; externalId: string | null; members: Set<number> };

const GROUP_NAME_MAX = 100;

export const stateOfGroup = (row: ScimGroupRow): GroupState => ({
  displayName: row.name,
  externalId: row.externalId,
  members: new Set((row.members ?? []).map((member) => member.id)),
});

/** A member's user id: the id Threshold gave (as text, or a number). */
function memberId(member: unknown): number {
  const value = isObject(member) ? attribute(member, "value") : undefined;
  if (value === undefined) throw invalidValue('Each member must be an object with a "value": the user\'s id');
  const id = String(value);
  if ((typeof value !== "string" && typeof value !== "number") || !isCanonicalId(id)) {
    throw invalidValue(`No user with id ${JSON.stringify(value).slice(0, 100)}`);
  }
  return Number(id);
}

/** A members value: a list of { value } (one such object alone is taken as a list of one). */
function memberIds(value: unknown): number[] {
  if (value === null || value === undefined) return [];
  return (Array.isArray(value) ? value : [value]).map(memberId);
}

export function checkDisplayName(value: unknown): string {
  const name = text(value, "displayName").trim();
  if (!name) throw invalidValue("displayName is required");
  if (name.length > GROUP_NAME_MAX) throw invalidValue(`displayName must be at most ${GROUP_NAME_MAX} characters`);
  return name;
}

/** A POST or PUT body: the group it describes (a PUT without members leaves none). */
export function readGroup(body: unknown): GroupState {
  if (!isObject(body)) throw invalidSyntax("A Group must be a JSON object");
  checkSchemas(body, GROUP_SCHEMA);
  const displayName = attribute(body, "displayName");
  if (displayName === undefined || displayName === null) throw invalidValue("displayName is required");
  return {
    displayName: checkDisplayName(displayName),
    externalId: externalId(attribute(body, "externalId")),
    members: new Set(memberIds(attribute(body, "members"))),
  };
}

/** The group with one PATCH operation applied. */
export function patchGroup(state: GroupState, operation: Operation, id: number): GroupState {
  const { op, path, value } = operation;
  if (!path || path.extension) return state;
  const plain = !path.filter && !path.sub;
  switch (path.attribute) {
    case "displayname":
      if (!plain) break;
      if (op === "remove") throw invalidValue("displayName is required");
      return { ...state, displayName: checkDisplayName(value) };
    case "externalid":
      if (!plain) break;
      return { ...state, externalId: op === "remove" ? null : externalId(value) };
    case "members":
      return patchMembers(state, operation);
    case "id":
      return sameId(operation, id, state);
    case "schemas":
    case "meta":
      return state;
    default:
      throw invalidPath(`Threshold keeps no Group attribute ${path.text}`);
  }
  throw invalidPath(`This path is not understood for a Group: ${path.text}`);
}

function patchMembers(state: GroupState, { op, path, value }: Operation): GroupState {
  const members = new Set(state.members);
  if (path?.sub) throw invalidPath(`This path is not understood for a Group: ${path.text}`);
  if (path?.filter) {
    // members[value eq "12"]: Entra's and Okta's way of removing one member.
    if (op !== "remove" || path.filter.attribute.toLowerCase() !== "value") {
      throw invalidPath(`Only remove takes a members filter, and only on value: ${path.text}`);
    }
    members.delete(memberId({ value: path.filter.value }));
    return { ...state, members };
  }
  const ids = memberIds(value);
  if (op === "replace") return { ...state, members: new Set(ids) };
  if (op === "add") ids.forEach((member) => members.add(member));
  // A remove without a value removes every member (RFC 7644 §3.5.2.2).
  else if (value === undefined || value === null) members.clear();
  else ids.forEach((member) => members.delete(member));
  return { ...state, members };
}
