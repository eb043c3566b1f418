// A TCP proxy in front of a PostgreSQL server that can lose a COMMIT's
// acknowledgement: armed, it passes the server's CommandComplete for the next COMMIT
// and then cuts that connection, before its ReadyForQuery. The transaction has
// committed, and its client (postgres.js settles a query on ReadyForQuery) is told
// the connection was lost. PostgreSQL's fast shutdown can do the same when it ends a
// session between the two messages; here it happens every time it is asked for.
export type PgProxy = {
  /** The server's URL with this proxy's port. */
  url: string;
  /** Cut the connection that next acknowledges a COMMIT, right after that acknowledgement. */
  loseNextCommit(): void;
  /** Whether an armed cut has happened. */
  readonly cut: boolean;
  close(): void;
};

const COMMIT = new TextEncoder().encode("COMMIT\0");

export function startPgProxy(serverUrl: string): PgProxy {
  const target = new URL(serverUrl);
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const open = new Set<Deno.Conn>();
  let armed = false;
  let cut = false;

  const serve = async (client: Deno.Conn) => {
    const server = await Deno.connect({ hostname: target.hostname, port: Number(target.port || 5432) });
    open.add(client).add(server);
    const end = () => {
      for (const c of [client, server]) {
        if (open.delete(c)) closeQuietly(c);
      }
    };
    client.readable.pipeTo(server.writable).catch(() => {}).finally(end);
    // The server's side, message by message: a type byte, then a length that counts itself.
    let pending = new Uint8Array(0);
    try {
      for await (const chunk of server.readable) {
        const joined = new Uint8Array(pending.length + chunk.length);
        joined.set(pending);
        joined.set(chunk, pending.length);
        let at = 0;
        while (joined.length - at >= 5) {
          const length = new DataView(joined.buffer, at + 1, 4).getUint32(0);
          if (joined.length - at < 1 + length) break;
          const message = joined.subarray(at, at + 1 + length);
          at += 1 + length;
          if (armed && isCommitComplete(message)) {
            armed = false;
            await client.write(joined.subarray(0, at));
            cut = true;
            return;
          }
        }
        if (at > 0) await client.write(joined.subarray(0, at));
        pending = joined.slice(at);
      }
    } catch {
      // The other side went away: nothing more to pass on.
    } finally {
      end();
    }
  };

  (async () => {
    for await (const client of listener) serve(client).catch(() => closeQuietly(client));
  })().catch(() => {});

  const url = new URL(serverUrl);
  url.hostname = "127.0.0.1";
  url.port = String((listener.addr as Deno.NetAddr).port);
  return {
    url: url.toString(),
    loseNextCommit: () => {
      armed = true;
      cut = false;
    },
    get cut() {
      return cut;
    },
    close: () => {
      listener.close();
      for (const c of open) closeQuietly(c);
      open.clear();
    },
  };
}

/** A connection whose streams may have closed it already. */
function closeQuietly(conn: Deno.Conn) {
  try {
    conn.close();
  } catch {
    // closed already
  }
}

/** CommandComplete ('C') whose tag is "COMMIT". */
function isCommitComplete(message: Uint8Array): boolean {
  return message[0] === 0x43 && message.length === 5 + COMMIT.length &&
    COMMIT.every((b, i) => message[5 + i] === b);
}
