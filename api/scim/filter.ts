// The filters Threshold answers (RFC 7644 §3.4.2.2), and the value filters of PATCH
// paths: one comparison, `<attribute> eq <value>`. That is what Okta and Microsoft
// Entra send to find a person or a group before they make one ("userName eq
// \"ann@example.com\"", "displayName eq \"Staff\"", "externalId eq \"…\"") and to
// name a member or an e-mail in a PATCH path (members[value eq "12"],
// emails[type eq "work"]). Attribute names and the operator are case-insensitive,
// the value is a JSON string (or true, false, null, a number); anything more (and,
// or, not, other operators, grouping) is refused as invalidFilter: answering it
// wrongly would be worse. docs/api.md says why this is a small module, not a package.
import { invalidFilter } from "./errors.ts";

export type Comparison = { attribute: string; value: string | number | boolean | null };

/** The core schemas' URNs, which may prefix an attribute (RFC 7644 §3.10). */
const CORE_PREFIX = /^urn:ietf:params:scim:schemas:core:2\.0:(User|Group):/i;

const COMPARISON =
  /^\s*([A-Za-z][\w$-]*(?:\.[A-Za-z][\w$-]*)?)\s+eq\s+("(?:[^"\\]|\\.)*"|true|false|null|-?\d+(?:\.\d+)?)\s*$/i;

/** `attr eq value`, or 400 invalidFilter naming what is understood. */
export function parseComparison(text: string): Comparison {
  const match = COMPARISON.exec(text.replace(CORE_PREFIX, ""));
  if (!match) {
    throw invalidFilter(`Only filters of the form <attribute> eq "<value>" are supported: ${text}`);
  }
  // true, false and null are case-insensitive (RFC 7644 §3.4.2.2); strings stay as sent.
  const literal = match[2].startsWith('"') ? match[2] : match[2].toLowerCase();
  try {
    return { attribute: match[1], value: JSON.parse(literal) };
  } catch {
    throw invalidFilter(`The value in this filter is not a valid string: ${text}`);
  }
}

/**
 * A list's filter on one of `attributes` (matched case-insensitively): the attribute
 * as the list names it, and the value as text. Any other attribute is invalidFilter.
 */
export function listFilter<A extends string>(
  text: string,
  attributes: readonly A[],
): { attribute: A; value: string } {
  const { attribute, value } = parseComparison(text);
  const known = attributes.find((name) => name.toLowerCase() === attribute.toLowerCase());
  if (!known) {
    throw invalidFilter(`Filtering is supported on ${attributes.join(" and ")} only, not ${attribute}`);
  }
  if (typeof value !== "string") throw invalidFilter(`${known} is compared with a string: ${text}`);
  return { attribute: known, value };
}
