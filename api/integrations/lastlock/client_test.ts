// The client against the simulator over a real loopback connection: every
// call, and every way the service can fail.
import {
  assert,
  assertEquals,
  assertRejects,
  assertThrows,
  rejection,
} from "../../testing/assert.ts";
import { createLastLockClient, grpcBaseUrl, type LastLockClient, LastLockError } from "./client.ts";
import { STATUS } from "./protocol.ts";
import { startSimulator, TEST_TOKEN } from "./testing.ts";

const data = new TextEncoder().encode("117:48210");

async function withClient(
  fn: (
    client: LastLockClient,
    sim: Awaited<ReturnType<typeof startSimulator>>,
  ) => Promise<void>,
  { apiToken = TEST_TOKEN, timeoutMs = 2_000 }: { apiToken?: string | null; timeoutMs?: number } =
    {},
) {
  const sim = await startSimulator();
  const client = createLastLockClient({
    target: sim.target,
    apiToken: apiToken ?? undefined,
    timeoutMs,
  });
  try {
    await fn(client, sim);
  } finally {
    await sim.simulator.stop();
  }
}

const failure = (promise: Promise<unknown>) => rejection(promise, LastLockError);

const options = { sanitizeOps: false, sanitizeResources: false };

/** Connects first, so a short deadline measures the service, not a busy test machine. */
async function warmUp(client: LastLockClient) {
  for (let attempt = 1;; attempt++) {
    try {
      return await client.getStatus();
    } catch (error) {
      if (attempt === 10) throw error;
    }
  }
}

Deno.test("targets: host:port is TLS, URLs are taken as they are", () => {
  assertEquals(grpcBaseUrl("locks.example.com:443"), "https://locks.example.com:443");
  assertEquals(grpcBaseUrl("https://locks.example.com/grpc/"), "https://locks.example.com/grpc");
  assertEquals(grpcBaseUrl("http://127.0.0.1:50051"), "http://127.0.0.1:50051");
  assertThrows(() => grpcBaseUrl("locks.example.com"));
  assertThrows(() => grpcBaseUrl("ftp://x:1"));
});

Deno.test({
  name: "client: status, discovery and approval",
  ...options,
  fn: () =>
    withClient(async (client) => {
      const status = await client.getStatus();
      assertEquals(status.deviceCount, 6);

      const all = await client.listDevices();
      assertEquals(all.map((d) => d.deviceId), [70101, 70102, 70103, 70201, 70202, 70203]);
      const front = all.find((d) => d.deviceId === 70201)!;
      assertEquals(front.name, "Front Door Lock");
      assertEquals(front.state, "pending");
      assert(front.createdAt instanceof Date && front.createdAt.getTime() < Date.now());

      const pending = await client.listDevices("pending");
      assertEquals(pending.map((d) => d.deviceId), [70201, 70202, 70203]);

      const approved = await client.approveDevice(70201);
      assertEquals(approved.state, "approved");
      assertEquals((await client.listDevices("pending")).length, 2);
      // Approving twice is fine.
      assertEquals((await client.approveDevice(70201)).state, "approved");

      const missing = await failure(client.approveDevice(99999));
      assertEquals([missing.kind, missing.missing], ["notFound", "device"]);
    }),
});

Deno.test({
  name: "client: credentials are created, assigned, listed and removed",
  ...options,
  fn: () =>
    withClient(async (client, { simulator }) => {
      const created = await client.createCredential({
        userId: "2",
        credentialType: "APPLE_WALLET",
        credentialData: data,
        schedule: { start: "09:00", end: "17:00" },
      });
      assertEquals(created.credentialId, "llc_0001");
      assertEquals(created.credentialType, "APPLE_WALLET");
      assertEquals(created.schedule, { start: "09:00", end: "17:00" });
      assertEquals(simulator.state.credential("llc_0001")?.data, data);

      const anyTime = await client.createCredential({
        userId: "3",
        credentialType: "EM41XX",
        credentialData: data,
        schedule: null,
      });
      assertEquals(anyTime.schedule, null);

      const { assignedAt } = await client.assignCredential(70101, created.credentialId);
      assert(assignedAt instanceof Date);
      // Assigning again keeps the first assignment.
      assertEquals(
        (await client.assignCredential(70101, created.credentialId)).assignedAt,
        assignedAt,
      );
      const listed = await client.listDeviceCredentials(70101);
      assertEquals(listed.map((c) => [c.credentialId, c.userId]), [["llc_0001", "2"]]);
      assertEquals(listed[0].assignedAt, assignedAt);

      const waiting = await failure(client.assignCredential(70202, created.credentialId));
      assertEquals(waiting.kind, "precondition");
      assertEquals(waiting.message, "Last Lock: device 70202 is awaiting approval");
      const unknown = await failure(client.assignCredential(70101, "llc_9999"));
      assertEquals([unknown.kind, unknown.missing], ["notFound", "credential"]);

      await client.removeCredential(70101, created.credentialId);
      assertEquals(await client.listDeviceCredentials(70101), []);
      const again = await failure(client.removeCredential(70101, created.credentialId));
      assertEquals([again.kind, again.missing], ["notFound", "credential"]);

      const invalid = await failure(client.createCredential({
        userId: "2",
        credentialType: "EM41XX",
        credentialData: new Uint8Array(),
        schedule: null,
      }));
      assertEquals(invalid.kind, "invalid");
    }),
});

Deno.test({
  name: "client: a missing or wrong token is refused",
  ...options,
  fn: async () => {
    await withClient(async (client) => {
      const error = await failure(client.getStatus());
      assertEquals(error.kind, "unauthenticated");
      assertEquals(error.message, "The Last Lock service refused the API token");
    }, { apiToken: "not-the-token" });
    await withClient(async (client) => {
      assertEquals((await failure(client.listDevices())).kind, "unauthenticated");
    }, { apiToken: null });
  },
});

Deno.test({
  name: "client: errors, timeouts, garbage and a service that is down",
  ...options,
  fn: () =>
    withClient(async (client, { simulator }) => {
      await warmUp(client);
      simulator.misbehave({ kind: "error", code: STATUS.UNAVAILABLE }, { times: 1 });
      const down = await failure(client.listDevices());
      assertEquals([down.kind, down.message], [
        "unreachable",
        "Cannot reach the Last Lock service",
      ]);

      simulator.misbehave({ kind: "error", code: STATUS.INTERNAL, message: "db on fire" }, {
        times: 1,
      });
      const broken = await failure(client.listDevices());
      assertEquals(broken.kind, "failed");
      assert(!broken.message.includes("db on fire"), "the service's words stay in the log");
      assert(broken.detail?.includes("db on fire"));

      simulator.misbehave({ kind: "delay", ms: 3_000 }, { times: 1 });
      const started = Date.now();
      const slow = await failure(client.listDevices());
      assertEquals(slow.kind, "timeout");
      assertEquals(slow.message, "The Last Lock service did not answer within 0.4 s");
      assert(Date.now() - started < 2_000, "the deadline cut the call short");

      simulator.misbehave({ kind: "garbage" }, { method: "ListDevices", times: 1 });
      assertEquals((await failure(client.listDevices())).kind, "malformed");

      simulator.misbehave({ kind: "empty" }, { method: "ApproveDevice", times: 1 });
      const empty = await failure(client.approveDevice(70201));
      assertEquals(empty.kind, "malformed");
      assertEquals(empty.message, "The Last Lock service sent an answer Threshold cannot read");

      // The rule ran out: the service behaves again, and a delay shorter than
      // the deadline is just a slow answer.
      simulator.misbehave({ kind: "delay", ms: 50 }, { times: 1 });
      assertEquals((await client.listDevices()).length, 6);

      simulator.misbehave({ kind: "truncated" }, { times: 1 });
      assertEquals((await failure(client.listDevices())).kind, "malformed");

      // A proxy's error page: no gRPC status, mapped as gRPC maps HTTP.
      simulator.misbehave({ kind: "http", status: 503 }, { times: 1 });
      assertEquals((await failure(client.listDevices())).kind, "unreachable");
      simulator.misbehave({ kind: "http", status: 500 }, { times: 1 });
      assertEquals((await failure(client.listDevices())).kind, "failed");

      await simulator.stop();
      const gone = await failure(client.getStatus());
      assertEquals(gone.kind, "unreachable");
    }, { timeoutMs: 400 }),
});

Deno.test({
  name: "client: a closed port is unreachable, not a crash",
  ...options,
  fn: async () => {
    const { simulator, target } = await startSimulator();
    await simulator.stop();
    const client = createLastLockClient({ target, apiToken: TEST_TOKEN, timeoutMs: 2_000 });
    await assertRejects(
      client.getStatus(),
      (error: unknown) => error instanceof LastLockError && error.kind === "unreachable",
    );
  },
});
