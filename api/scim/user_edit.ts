// What a SCIM request asks of a person, as the few things Threshold keeps: userName
// (the e-mail), name.givenName and name.familyName, active, externalId. A POST or PUT
// body is read whole; a PATCH's operations (scim/patch.ts) are applied one by one to
// the person as they are. The result is checked by the dashboard's own rules for a
// person (users/schemas.ts): the same e-mail and name checks, the same messages.
// Attributes of the User schema that Threshold does not keep (title, phoneNumbers,
// addresses, a password, an extension's attributes, …) are accepted and left aside:
// Okta and Entra send them by default, and refusing them would stop provisioning.
import { z } from "zod";
import { email, name } from "../users/schemas.ts";
import { invalidPath, invalidSyntax, invalidValue, mutability } from "./errors.ts";
import type { Operation } from "./patch.ts";
import type { ScimUserRow } from "./repo.ts";
import { isObject, USER_SCHEMA } from "./resources.ts";

export type UserState = {
  userName: string;
  givenName: string;
  familyName: string;
  active: boolean;
  externalId: string | null;
};

export const EXTERNAL_ID_MAX = 255;

/** User attributes (lower-cased) that Threshold does not keep: accepted, not stored. */
const LEFT_ASIDE = new Set([
  "displayname",
  "nickname",
  "profileurl",
  "title",
  "usertype",
  "preferredlanguage",
  "locale",
  "timezone",
  "password",
  "emails",
  "phonenumbers",
  "ims",
  "photos",
  "addresses",
  "entitlements",
  "roles",
  "x509certificates",
  "schemas",
  "meta",
]);
const NAME_LEFT_ASIDE = new Set(["formatted", "middlename", "honorificprefix", "honorificsuffix"]);

export const stateOf = (row: ScimUserRow): UserState => ({
  userName: row.email,
  givenName: row.firstName,
  familyName: row.lastName,
  active: row.isActive,
  externalId: row.externalId,
});

/** An attribute of a resource, its name in any case (RFC 7643 §2.1). */
export function attribute(resource: Record<string, unknown>, name: string): unknown {
  const key = Object.keys(resource).find((k) => k.toLowerCase() === name.toLowerCase());
  return key === undefined ? undefined : resource[key];
}

export function text(value: unknown, label: string): string {
  if (typeof value !== "string") throw invalidValue(`${label} must be text`);
  return value;
}

/** true or false; Entra has sent them as the strings "True" and "False". */
function boolean(value: unknown, label: string): boolean {
  if (typeof value === "boolean") return value;
  if (typeof value === "string" && /^(true|false)$/i.test(value)) return value.toLowerCase() === "true";
  throw invalidValue(`${label} must be true or false`);
}

export function externalId(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  const id = text(value, "externalId");
  if (id.length > EXTERNAL_ID_MAX) throw invalidValue(`externalId must be at most ${EXTERNAL_ID_MAX} characters`);
  return id === "" ? null : id;
}

/** An operation on `id`: harmless when it names the id it has (Okta sends it along), else mutability. */
export function sameId<T>({ op, value }: Operation, id: number, state: T): T {
  if (op !== "remove" && value === String(id)) return state;
  throw mutability("id is assigned by Threshold and cannot change");
}

/** A resource body's schemas, when sent, must name the resource's core schema. */
export function checkSchemas(body: Record<string, unknown>, schema: string) {
  const schemas = attribute(body, "schemas");
  if (schemas !== undefined && !(Array.isArray(schemas) && schemas.includes(schema))) {
    throw invalidSyntax(`schemas must name ${schema}`);
  }
}

/**
 * A POST or PUT body: the person it describes. Left out, a name part is empty and
 * externalId none (a PUT replaces); `active` left out is true for a new person and
 * unchanged for an existing one (a PUT that forgets it must not deactivate anyone).
 */
export function readUser(body: unknown, current?: UserState): UserState {
  if (!isObject(body)) throw invalidSyntax("A User must be a JSON object");
  checkSchemas(body, USER_SCHEMA);
  const userName = attribute(body, "userName");
  if (userName === undefined || userName === null) throw invalidValue("userName is required");
  const names = attribute(body, "name") ?? {};
  if (!isObject(names)) throw invalidValue("name must be an object");
  const part = (key: string) => {
    const value = attribute(names, key);
    return value === undefined || value === null ? "" : text(value, `name.${key}`);
  };
  const active = attribute(body, "active");
  return {
    userName: text(userName, "userName"),
    givenName: part("givenName"),
    familyName: part("familyName"),
    active: active === undefined || active === null ? current?.active ?? true : boolean(active, "active"),
    externalId: externalId(attribute(body, "externalId")),
  };
}

/** The person with one PATCH operation applied. */
export function patchUser(state: UserState, operation: Operation, id: number): UserState {
  const { op, path, value } = operation;
  if (!path || path.extension) return state;
  const plain = !path.filter && !path.sub;
  switch (path.attribute) {
    case "username":
      if (!plain) break;
      if (op === "remove") throw invalidValue("userName is required");
      return { ...state, userName: text(value, "userName") };
    case "name":
      if (path.filter) break;
      return patchName(state, op, path.sub, value);
    case "active":
      if (!plain) break;
      if (op === "remove") throw invalidValue("active cannot be removed");
      return { ...state, active: boolean(value, "active") };
    case "externalid":
      if (!plain) break;
      return { ...state, externalId: op === "remove" ? null : externalId(value) };
    case "id":
      return sameId(operation, id, state);
    case "groups":
      throw mutability("A user's groups are changed through /Groups");
    default:
      if (LEFT_ASIDE.has(path.attribute)) return state;
      throw invalidPath(`Threshold keeps no User attribute ${path.text}`);
  }
  throw invalidPath(`This path is not understood for a User: ${path.text}`);
}

function patchName(state: UserState, op: Operation["op"], sub: string | undefined, value: unknown): UserState {
  if (sub !== undefined) return withNamePart(state, sub, op === "remove" ? null : value);
  if (op === "remove") return { ...state, givenName: "", familyName: "" };
  if (!isObject(value)) throw invalidValue("name must be an object");
  let next = state;
  for (const [key, part] of Object.entries(value)) next = withNamePart(next, key, part);
  return next;
}

/** name.<key> set to `part` (null: emptied). */
function withNamePart(state: UserState, key: string, part: unknown): UserState {
  const field = { givenname: "givenName", familyname: "familyName" }[key.toLowerCase()];
  if (!field) {
    if (NAME_LEFT_ASIDE.has(key.toLowerCase())) return state;
    throw invalidPath(`Threshold keeps no User attribute name.${key}`);
  }
  return { ...state, [field]: part === null ? "" : text(part, `name.${key}`) };
}

/** The dashboard's rules for a person, with SCIM's names for the fields. */
const person = z.object({
  email: email("userName is required"),
  firstName: name("name.givenName"),
  lastName: name("name.familyName"),
});

/** The person as Threshold keeps them (e-mail trimmed and lower-cased), or 400 invalidValue. */
export function checkUser(state: UserState) {
  const result = person.safeParse({
    email: state.userName,
    firstName: state.givenName,
    lastName: state.familyName,
  });
  if (!result.success) {
    throw invalidValue([...new Set(result.error.issues.map((issue) => issue.message))].join("; "));
  }
  return { ...result.data, isActive: state.active, externalId: state.externalId };
}
