// Assertions for Deno tests. Only the npm registry is reachable, so instead of
// jsr:@std/assert we use Node's built-in strict assert under familiar names.
import assert from "node:assert/strict";

export const assertEquals: <T>(
  actual: unknown,
  expected: T,
  message?: string,
) => asserts actual is T = assert.deepStrictEqual;
export const assertNotEquals = assert.notDeepStrictEqual;
export const assertMatch = assert.match;
export const assertRejects = assert.rejects;
export const assertThrows = assert.throws;
export function assert_(value: unknown, message?: string): asserts value {
  assert.ok(value, message);
}
export { assert_ as assert };

/** The fields `expected` names, as `actual` has them: a partial match, shown as one diff. */
export function assertFields(actual: Record<string, unknown>, expected: Record<string, unknown>) {
  const picked = Object.fromEntries(Object.keys(expected).map((key) => [key, actual?.[key]]));
  assert.deepStrictEqual(picked, expected);
}

/** The error a promise rejects with, which must be a `type`, for a test to look into. */
export async function rejection<E>(
  promise: Promise<unknown>,
  type: abstract new (...args: never[]) => E,
): Promise<E> {
  try {
    await promise;
  } catch (error) {
    assert.ok(error instanceof type, `a ${type.name}, got ${error}`);
    return error;
  }
  throw new Error(`expected a ${type.name}, but the promise resolved`);
}
