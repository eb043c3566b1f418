// PATCH requests (RFC 7644 §3.5.2) read into one shape, whichever provider sent them.
// Okta and Microsoft Entra differ: `op` in any case ("replace", "Replace", "Add"),
// with a path ("active", "name.givenName", "members[value eq \"12\"]") or without
// one and a value object whose keys are paths ({ "active": false },
// { "name.givenName": "Ann" }). Each operation becomes { op, path, value } with a
// parsed path; what the path means to a User or a Group is theirs to say
// (scim/user_edit.ts, scim/group_edit.ts).
import { type Comparison, parseComparison } from "./filter.ts";
import { invalidPath, invalidSyntax, invalidValue, noTarget } from "./errors.ts";
import { isObject } from "./resources.ts";

export const PATCH_SCHEMA = "urn:ietf:params:scim:api:messages:2.0:PatchOp";

export type Path = {
  /** The attribute, lower-cased: "active", "name", "members", "emails". */
  attribute: string;
  /** A value filter on a multi-valued attribute: members[value eq "12"]. */
  filter?: Comparison;
  /** The sub-attribute as sent: "givenName" of name.givenName. */
  sub?: string;
  /** An extension schema's attribute (urn:…:enterprise:2.0:User:department): Threshold keeps none. */
  extension?: true;
  /** The path as sent, for messages. */
  text: string;
};

export type Operation = { op: "add" | "replace" | "remove"; path: Path | null; value: unknown };

/** At most this many operations in one request: a provider sends a few, or a page of members. */
export const MAX_OPERATIONS = 1_000;

const CORE_PREFIX = /^urn:ietf:params:scim:schemas:core:2\.0:(User|Group):/i;
const EXTENSION = /^urn:[^[\]]*:/i;
const PATH = /^([A-Za-z][\w$-]*)(?:\[(.*)\])?(?:\.([A-Za-z][\w$-]*))?$/s;

export function parsePath(text: string): Path {
  const unprefixed = text.replace(CORE_PREFIX, "");
  if (unprefixed === text && EXTENSION.test(text)) {
    return { attribute: text.toLowerCase(), extension: true, text };
  }
  const match = PATH.exec(unprefixed);
  if (!match) throw invalidPath(`This path is not understood: ${text}`);
  const [, attribute, filter, sub] = match;
  return {
    attribute: attribute.toLowerCase(),
    ...(filter !== undefined ? { filter: parseFilterOfPath(filter, text) } : {}),
    ...(sub !== undefined ? { sub } : {}),
    text,
  };
}

function parseFilterOfPath(filter: string, text: string) {
  try {
    return parseComparison(filter);
  } catch {
    throw invalidPath(`Only value filters of the form [<attribute> eq "<value>"] are supported: ${text}`);
  }
}

/** A PatchOp body's operations, each with its path parsed; path-less values split into one per key. */
export function readPatch(body: unknown): Operation[] {
  if (!isObject(body)) throw invalidSyntax("A PATCH body must be a JSON object");
  const schemas = body.schemas;
  if (schemas !== undefined && !(Array.isArray(schemas) && schemas.includes(PATCH_SCHEMA))) {
    throw invalidSyntax(`A PATCH body's schemas must name ${PATCH_SCHEMA}`);
  }
  // "Operations" as RFC 7644 spells it; attribute names are case-insensitive.
  const key = Object.keys(body).find((name) => name.toLowerCase() === "operations");
  const operations = key === undefined ? undefined : body[key];
  if (!Array.isArray(operations) || operations.length === 0) {
    throw invalidSyntax("A PATCH body needs Operations: a list of at least one operation");
  }
  if (operations.length > MAX_OPERATIONS) {
    throw invalidValue(`A PATCH body may hold at most ${MAX_OPERATIONS} operations`);
  }
  return operations.flatMap(readOperation);
}

function readOperation(operation: unknown): Operation[] {
  if (!isObject(operation)) throw invalidSyntax("Each operation must be a JSON object");
  const op = typeof operation.op === "string" ? operation.op.toLowerCase() : undefined;
  if (op !== "add" && op !== "replace" && op !== "remove") {
    throw invalidSyntax('Each operation\'s op must be "add", "replace" or "remove"');
  }
  const { path, value } = operation;
  if (path !== undefined && path !== null) {
    if (typeof path !== "string" || path.trim() === "") throw invalidPath("An operation's path must be text");
    return [{ op, path: parsePath(path.trim()), value }];
  }
  // RFC 7644 §3.5.2.2: a remove names what it removes.
  if (op === "remove") throw noTarget("A remove operation needs a path");
  if (!isObject(value)) {
    throw invalidValue("An operation without a path needs a value object of attributes");
  }
  return Object.entries(value).map(([name, part]) => ({ op, path: parsePath(name), value: part }));
}
