// A database of its own for a benchmark run, on the server named by DATABASE_URL,
// migrated, without statement deadlines (seeding a million rows takes a while);
// dropped at the end unless KEEP=true (then its name is printed, for EXPLAIN).
import postgres from "postgres";
import { connectServer } from "../api/db/connect.ts";
import { migrate } from "../api/db/migrate.ts";

export async function throwawayDatabase() {
  const url = Deno.env.get("DATABASE_URL") ?? "postgres://postgres@127.0.0.1:5432/postgres";
  const name = `threshold_bench_${crypto.randomUUID().replaceAll("-", "").slice(0, 12)}`;
  const server = postgres(url, { max: 1, onnotice: () => {} });
  await server.unsafe(`create database ${name}`);
  const target = new URL(url);
  target.pathname = `/${name}`;
  const db = await connectServer(target.toString(), { max: 10, statementTimeoutMs: 0 });
  await migrate(db.sql);
  return {
    name,
    /** For the API processes a benchmark starts on it. */
    url: target.toString(),
    sql: db.sql,
    listen: db.listen,
    async close() {
      await db.close();
      if (Deno.env.get("KEEP") === "true") console.log(`kept database ${name}`);
      else await server.unsafe(`drop database if exists ${name} with (force)`);
      await server.end();
    },
  };
}
