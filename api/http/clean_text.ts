// The one rule for text that enters the API (body strings and keys, query
// values, path parameters): no control characters, no broken UTF-16.
//
// Refused: the control characters of Unicode's Cc category (U+0000–U+001F, DEL
// U+007F, C1 U+0080–U+009F) except tab and newline, and lone surrogates. NUL and
// lone surrogates cannot be stored in PostgreSQL text at all (they were 500s);
// the others are invisible, end log and CSV lines, or move a terminal's cursor.
// Carriage return is refused too: a browser's textarea gives "\n" line breaks,
// so only a script sends "\r", and a stray one hides text in a CSV export or
// a log line. Bytes that are not UTF-8 never get here as such: the request's
// decoder has already made each one U+FFFD, which is a real character and kept.

// deno-lint-ignore no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/;

export const CONTROL_CHARACTERS = "must not contain control characters";
export const INVALID_UNICODE = "must not contain invalid Unicode";

/** Why this text breaks the rule, or undefined when it is clean. */
export function textProblem(text: string): string | undefined {
  if (CONTROL.test(text)) return CONTROL_CHARACTERS;
  // A lone surrogate arrives as a JSON escape ("\ud800"); pairs are fine.
  if (!text.isWellFormed()) return INVALID_UNICODE;
  return undefined;
}

/**
 * The first string or key in a parsed JSON value that breaks the rule, as
 * "<path>: <problem>" (paths like zod's: "events.0.action"), or undefined.
 * Breadth first with a queue, not recursion: a 64 KB body can nest thousands deep.
 */
export function jsonTextProblem(value: unknown): string | undefined {
  const queue: [unknown, string][] = [[value, ""]];
  for (let i = 0; i < queue.length; i++) {
    const [item, path] = queue[i];
    if (typeof item === "string") {
      const problem = textProblem(item);
      if (problem) return `${path || "body"}: ${problem}`;
    } else if (Array.isArray(item)) {
      item.forEach((element, index) => queue.push([element, join(path, String(index))]));
    } else if (item !== null && typeof item === "object") {
      for (const [key, element] of Object.entries(item)) {
        // The key itself is not echoed: it is the bad text.
        const problem = textProblem(key);
        if (problem) return `${path || "body"}: field names ${problem}`;
        queue.push([element, join(path, key)]);
      }
    }
  }
  return undefined;
}

const join = (path: string, key: string) => (path ? `${path}.${key}` : key);
