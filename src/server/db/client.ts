import path from "node:path";
import { drizzle, type NodePgDatabase } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import { projectRoot } from "../project-root.ts";
import * as schema from "./schema.ts";

export type Db = NodePgDatabase<typeof schema> & { $client: pg.Pool };

export const migrationsFolder = path.join(projectRoot(), "src", "server", "db", "migrations");

// An arbitrary constant: every Dosetime server migrating the same database takes this lock first.
const MIGRATION_LOCK = 7_246_001;

export function createDb(url: string, max = 10): Db {
  const pool = new pg.Pool({ connectionString: url, max });
  // NOTE: an idle client losing its connection (database restart) must not crash the process.
  pool.on("error", (err) => console.error("database connection error:", err.message));
  return drizzle({ client: pool, schema }) as Db;
}

/** Applies pending migrations under a PostgreSQL advisory lock, so simultaneous starts are safe. */
export async function migrateDatabase(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK]);
    await migrate(drizzle({ client, schema }), { migrationsFolder });
  } finally {
    await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK]).catch(() => undefined);
    await client.end();
  }
}
