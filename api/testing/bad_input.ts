// Bad versions of a valid request (see route_examples.ts), each with the 400
// message a caller must get: every string of the body poisoned in turn, a
// poisoned field name, malformed JSON, a poisoned query value, and every id in
// the path written the ways Number() would still read as that id.
import type { Example } from "./route_examples.ts";
import { fillPath } from "./route_examples.ts";

export type BadRequest = { what: string; path: string; raw?: string; error: string };

const CONTROL = "must not contain control characters";
const INVALID = "must not contain invalid Unicode";
// Besides NUL, one other control character per field, taking turns: ESC, CR, DEL,
// C1's NEL, backspace.
const OTHER_CONTROLS = ["\u001b", "\r", "\u007f", "\u0085", "\u0008"];

/** Each non-canonical way of writing the id n in a path (all read as n by Number()). */
function idForms(n: number): string[] {
  return [
    `+${n}`,
    `%2B${n}`,
    `%20${n}`,
    `${n}%20`,
    `${n}.0`,
    `${n}e0`,
    `0x${n.toString(16)}`,
    `0${n}`,
  ];
}

/** The keys leading to each string in a JSON value. */
function stringKeys(value: unknown): string[][] {
  if (typeof value === "string") return [[]];
  const entries: [string, unknown][] = Array.isArray(value)
    ? value.map((element, index) => [String(index), element])
    : value !== null && typeof value === "object"
    ? Object.entries(value)
    : [];
  return entries.flatMap(([key, element]) => stringKeys(element).map((rest) => [key, ...rest]));
}

/**
 * Values a date or time field refuses with its format check, which a refinement run
 * after it (zod runs them) must not trip over: each a 400, never a 500 (issue 27).
 */
export const MALFORMED_DATES = ["2026-13-01", "2026-01-32", "2026-1-1", "10000-01-01", "2026-01-01T00:00:00Z", "25:61", "0000-00-00"];

/** The example with each of its strings in turn replaced by each malformed date. */
export function malformedDates(route: string, example: Example): { what: string; path: string; raw: string }[] {
  const { body } = example;
  if (body === undefined) return [];
  const path = fillPath(route, example.params ?? {});
  return stringKeys(body).flatMap((keys) =>
    MALFORMED_DATES.map((value) => ({
      what: `${keys.join(".") || "body"} = ${value}`,
      path,
      raw: JSON.stringify(replaced(body, keys, value)),
    }))
  );
}

/** A copy of `value` with the string at `keys` replaced by `by`. */
function replaced(value: unknown, keys: string[], by: string): unknown {
  if (keys.length === 0) return by;
  const [key, ...rest] = keys;
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<string, unknown>;
  copy[key] = replaced(copy[key], rest, by);
  return copy;
}

/** A copy of `value` with the string at `keys` given `poison` after its first character. */
function poisoned(value: unknown, keys: string[], poison: string): unknown {
  if (keys.length === 0) {
    const text = value as string;
    return text.slice(0, 1) + poison + text.slice(1);
  }
  const [key, ...rest] = keys;
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<
    string,
    unknown
  >;
  copy[key] = poisoned(copy[key], rest, poison);
  return copy;
}

export function badRequests(route: string, example: Example): BadRequest[] {
  const params = example.params ?? {};
  const path = fillPath(route, params);
  const bad: BadRequest[] = [];

  const { body } = example;
  if (body !== undefined) {
    stringKeys(body).forEach((keys, i) => {
      const name = keys.join(".") || "body"; // as the 400 names it: "events.0.action"
      const other = OTHER_CONTROLS[i % OTHER_CONTROLS.length];
      for (
        const [label, poison, problem] of [
          ["NUL", "\u0000", CONTROL],
          [`U+${other.charCodeAt(0).toString(16).padStart(4, "0")}`, other, CONTROL],
          ["a lone surrogate", "\ud800", INVALID],
        ]
      ) {
        bad.push({
          what: `${name} with ${label}`,
          path,
          raw: JSON.stringify(poisoned(body, keys, poison)),
          error: `${name}: ${problem}`,
        });
      }
    });
  }
  const isObject = typeof body === "object" && body !== null && !Array.isArray(body);
  bad.push({
    what: "a field name with NUL",
    path,
    raw: JSON.stringify({ ...(isObject ? body : {}), "note\u0000": "x" }),
    error: `body: field names ${CONTROL}`,
  });
  bad.push({ what: "malformed JSON", path, raw: "{", error: "Request body must be valid JSON" });
  bad.push({
    what: "a query value with NUL",
    path: `${path}?note=a%00b`,
    error: `note: ${CONTROL}`,
  });

  for (const [name, id] of Object.entries(params)) {
    if (typeof id !== "number") continue; // a link's token: see route_examples.ts
    for (const form of idForms(id)) {
      bad.push({
        what: `:${name} as ${form}`,
        path: fillPath(route, { ...params, [name]: form }),
        error: `${name}: must be a positive whole number (at most 2147483647)`,
      });
    }
  }
  return bad;
}
