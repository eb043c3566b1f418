// The `changes` of an audit event (spec 3 §5): `{ field: [before, after] }` of the
// fields that changed, compared as JSON. Secrets, password hashes and keys are
// never written, only "[redacted]" in their place.
import type { Changes } from "./contract.ts";

export const REDACTED = "[redacted]";

/**
 * Field names whose values are never recorded: passwords, secrets, tokens, keys,
 * hashes, and a Last Lock credential's data (the bytes a lock reads, which can clone
 * the credential). A badge's card and facility codes are kept: the admin's Assigned
 * Credentials list shows them anyway.
 */
const SECRET = /password|secret|token|hash$|^apiKey$|^key$|^credentialData$/i;

type Row = Record<string, unknown>;

/** Bookkeeping every row has; not a change anyone made. */
const BOOKKEEPING = new Set(["id", "createdAt", "updatedAt"]);

/** A field's value as recorded: a secret's only as "[redacted]"; a yes or no (hasDensityApiToken) as itself, since it says only whether one is set. */
const shown = (field: string, value: unknown) =>
  value === undefined ? null : SECRET.test(field) && value !== null && typeof value !== "boolean" ? REDACTED : value;

/** The fields that differ between two versions of a row (either may be null: made, removed). */
export function changesOf(before: Row | null, after: Row | null, fields?: string[]): Changes {
  const names = fields ??
    [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])]
      .filter((field) => !BOOKKEEPING.has(field));
  const changes: Changes = {};
  for (const field of names) {
    const [a, b] = [before?.[field] ?? null, after?.[field] ?? null];
    if (JSON.stringify(a) === JSON.stringify(b)) continue;
    changes[field] = [shown(field, a), shown(field, b)];
  }
  return changes;
}
