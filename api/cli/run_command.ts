// What every console command shares: the configured database (DATABASE_URL, or the
// embedded one in DATA_DIR), migrated first, closed after; the command's one line
// of output, or its error as one line and exit code 1.
import { ConfigError, loadConfig } from "../config.ts";
import { connectEmbedded, connectServer, type Sql } from "../db/connect.ts";
import { migrate } from "../db/migrate.ts";

export async function runCommand(name: string, work: (sql: Sql) => Promise<string>) {
  try {
    const config = loadConfig(Deno.env.toObject());
    const db = config.databaseUrl
      ? await connectServer(config.databaseUrl, 1)
      : await connectEmbedded(config.dataDir);
    try {
      await migrate(db.sql);
      console.log(await work(db.sql));
    } finally {
      await db.close();
    }
  } catch (error) {
    console.error(
      `${name}: ${error instanceof ConfigError ? error.message : (error as Error).message}`,
    );
    Deno.exit(1);
  }
}
