import assert from "node:assert/strict";
import { hashPassword, verifyPassword } from "./password.ts";

Deno.test("a hash verifies its own password and no other", async () => {
  const hash = await hashPassword("correct horse battery staple");
  assert.ok(hash.startsWith("$argon2id$v=19$m=19456,t=2,p=1$"), hash);
  assert.equal(await verifyPassword("correct horse battery staple", hash), true);
  assert.equal(await verifyPassword("correct horse battery stapler", hash), false);
  assert.equal(await verifyPassword("", hash), false);
});

Deno.test("two hashes of one password differ (random salt)", async () => {
  const [a, b] = await Promise.all([hashPassword("same password"), hashPassword("same password")]);
  assert.notEqual(a, b);
  assert.ok(await verifyPassword("same password", a));
  assert.ok(await verifyPassword("same password", b));
});

Deno.test("a malformed hash is false, never an exception", async () => {
  for (
    const bad of ["", "not a hash", "$argon2id$v=19$m=19456,t=2,p=1$", "$2b$10$abcdefghijklmnop"]
  ) {
    assert.equal(await verifyPassword("anything", bad), false, bad);
  }
});

Deno.test("long and non-ASCII passwords work", async () => {
  const long = "pässwörd-🔑-".repeat(12); // well over 64 characters
  assert.ok(long.length > 64);
  const hash = await hashPassword(long);
  assert.equal(await verifyPassword(long, hash), true);
  assert.equal(await verifyPassword(long.slice(0, -1), hash), false);
});

Deno.test("a hash runs off this thread: its timers fire while it works", async () => {
  const hash = await hashPassword("warm up");
  let ticks = 0;
  const ticker = setInterval(() => ticks++, 1);
  try {
    // On this thread, a warm argon2 call computes in one go: no timer would fire.
    assert.equal(await verifyPassword("warm up", hash), true);
  } finally {
    clearInterval(ticker);
  }
  assert.ok(ticks >= 2, `${ticks} timer ticks during the hash`);
});
