import path from "node:path";
import { drizzle, type NodePgDatabase, type NodePgQueryResultHKT } from "drizzle-orm/node-postgres";
import type { PgDatabase } from "drizzle-orm/pg-core";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import type { Logger } from "../log.ts";
import { projectRoot } from "../project-root.ts";
import * as schema from "./schema.ts";

export type Db = NodePgDatabase<typeof schema> & { $client: pg.Pool };
/**
 * What a repository runs on: the database or a transaction (`db.transaction(async (tx) => …)` passes `tx` as is).
 * It has no `$client`, so a query inside a transaction cannot slip out to the pool.
 */
export type Executor = PgDatabase<NodePgQueryResultHKT, typeof schema>;

/**
 * A hot read built once per database as a named prepared statement: Drizzle builds its SQL once and PostgreSQL
 * plans it once per connection. Example: `const logs = preparedOnce((db) => db.select()….prepare("dosetime_logs"))`.
 */
export function preparedOnce<T>(build: (db: Db) => T): (db: Db) => T {
  const cache = new WeakMap<Db, T>();
  return (db) => {
    let statement = cache.get(db);
    if (statement === undefined) cache.set(db, (statement = build(db)));
    return statement;
  };
}

export const migrationsFolder = path.join(projectRoot(), "src", "server", "db", "migrations");

// An arbitrary constant: every Dosetime server migrating the same database takes this lock first.
const MIGRATION_LOCK = 7_246_001;

export function createDb(url: string, max = 10, logger?: Logger): Db {
  const pool = new pg.Pool({ connectionString: url, max });
  // NOTE: an idle client losing its connection (a database restart) must not crash the process. The pool opens a
  // new one on the next query, so this is a warning; a query that fails is logged with its request as an error.
  pool.on("error", (err) => logger?.warn({ err: err.message }, "an idle database connection was closed"));
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
