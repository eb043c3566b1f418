import { assertEquals, assertThrows } from "./testing/assert.ts";
import { ConfigError, loadConfig } from "./config.ts";

Deno.test("defaults: port 8000, embedded database with demo data", () => {
  const config = loadConfig({});
  assertEquals(config.port, 8000);
  assertEquals(config.databaseUrl, undefined);
  assertEquals(config.dataDir, "./data");
  assertEquals(config.demo, true);
});

Deno.test("a server database gets demo data only when asked", () => {
  const url = "postgres://postgres@127.0.0.1:5432/threshold";
  assertEquals(loadConfig({ DATABASE_URL: url }).demo, false);
  assertEquals(loadConfig({ DATABASE_URL: url }, ["--demo"]).demo, true);
  assertEquals(loadConfig({ DATABASE_URL: url, DEMO: "true" }).demo, true);
});

Deno.test("empty values count as unset", () => {
  assertEquals(loadConfig({ PORT: "", DATABASE_URL: "" }).port, 8000);
});

for (
  const [name, value] of [
    ["PORT", "eighty"],
    ["PORT", "70000"],
    ["DATABASE_URL", "nonsense"],
    ["PUBLIC_ORIGIN", "not a url"],
    ["LOG_LEVEL", "loud"],
    ["SESSION_IDLE_MINUTES", "0"],
    ["DB_POOL_SIZE", "0"],
    ["DB_CONNECT_TIMEOUT_MS", "10"],
    ["DB_STATEMENT_TIMEOUT_MS", "soon"],
    ["DB_MAX_WAITING", "-1"],
    ["DECISION_DEADLINE_MS", "0"],
    ["DECISION_DEADLINE_MS", "1.5"],
    ["DECISIONS_SYNCHRONOUS_COMMIT", "false"],
    ["DECISIONS_SYNCHRONOUS_COMMIT", "local"],
    ["SMTP_URL", "http://mail.example.com"],
    ["SMTP_URL", "smtp://"],
    ["MAIL_FROM", "Threshold"],
    ["MAIL_FROM", "a@b.test\r\nBcc: c@d.test"],
  ]
) {
  Deno.test(`a bad ${name} (${value}) is refused with one line naming it`, () => {
    assertThrows(
      () => loadConfig({ [name]: value }),
      (error: Error) =>
        error instanceof ConfigError && error.message.startsWith(`${name}=`) &&
        !error.message.includes("\n"),
    );
  });
}

Deno.test("the demo door traffic runs with demo data unless DOOR_SIMULATOR=false", () => {
  const url = "postgres://u@h/db";
  assertEquals(loadConfig({}).doorSimulator, true);
  assertEquals(loadConfig({ DOOR_SIMULATOR: "false" }).doorSimulator, false);
  assertEquals(loadConfig({ DATABASE_URL: url }).doorSimulator, false);
  assertEquals(loadConfig({ DATABASE_URL: url, DOOR_SIMULATOR: "true" }).doorSimulator, false);
  assertEquals(loadConfig({ DATABASE_URL: url }, ["--demo"]).doorSimulator, true);
});

Deno.test("the database's deadlines and the durable decisions default", () => {
  const config = loadConfig({});
  assertEquals(
    [
      config.dbPoolSize,
      config.dbConnectTimeoutMs,
      config.dbStatementTimeoutMs,
      config.dbMaxWaiting,
      config.decisionDeadlineMs,
      config.decisionsSynchronousCommit,
    ],
    [10, undefined, undefined, 500, 1_000, "on"],
  );
  const set = loadConfig({
    DB_POOL_SIZE: "20",
    DB_CONNECT_TIMEOUT_MS: "250",
    DB_STATEMENT_TIMEOUT_MS: "5000",
    DB_MAX_WAITING: "0",
    DECISION_DEADLINE_MS: "800",
    DECISIONS_SYNCHRONOUS_COMMIT: "off",
  });
  assertEquals(
    [
      set.dbPoolSize,
      set.dbConnectTimeoutMs,
      set.dbStatementTimeoutMs,
      set.dbMaxWaiting,
      set.decisionDeadlineMs,
      set.decisionsSynchronousCommit,
    ],
    [20, 250, 5_000, 0, 800, "off"],
  );
  assertThrows(
    () => loadConfig({ DECISIONS_SYNCHRONOUS_COMMIT: "no" }),
    (error: Error) =>
      /DECISIONS_SYNCHRONOUS_COMMIT="no" is invalid: must be "on"/.test(error.message),
  );
});
