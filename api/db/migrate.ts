// Numbered .sql files, each applied once in its own transaction. Every
// transaction first takes the same advisory lock, so two API processes
// starting together take turns and the second sees what the first applied.
import type { Sql } from "./connect.ts";
import { unbounded } from "./guard.ts";

const LOCK_KEY = 7_460_311; // arbitrary constant: "threshold migrations"
const dir = new URL("./migrations/", import.meta.url);

export function migrationFiles(): string[] {
  return [...Deno.readDirSync(dir)]
    .map((entry) => entry.name)
    .filter((name) => /^\d{3}_[a-z0-9_]+\.sql$/.test(name))
    .sort();
}

export async function migrate(guarded: Sql): Promise<string[]> {
  // A migration may take long on a big table: no statement deadline, client or server.
  const sql = unbounded(guarded);
  const applied: string[] = [];
  for (const name of migrationFiles()) {
    const text = await Deno.readTextFile(new URL(name, dir));
    await sql.begin(async (tx) => {
      await tx`select pg_advisory_xact_lock(${LOCK_KEY})`;
      await tx`create table if not exists schema_migrations (
        name text primary key, applied_at timestamptz not null default now())`;
      const [done] = await tx`select 1 from schema_migrations where name = ${name}`;
      if (done) return;
      await tx.unsafe(text);
      await tx`insert into schema_migrations (name) values (${name})`;
      applied.push(name);
    });
  }
  return applied;
}
