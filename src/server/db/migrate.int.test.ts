import pg from "pg";
import { describe, expect, inject, it } from "vitest";
import { withDatabase } from "../../../test/setup/template.ts";
import { migrateDatabase } from "./client.ts";

describe("migrations", () => {
  it("several servers starting at once migrate a new database exactly once (advisory lock)", async () => {
    const adminUrl = inject("adminUrl");
    const name = `${inject("templateDb")}_fresh_${process.pid}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`drop database if exists "${name}" with (force)`);
    await admin.query(`create database "${name}"`);
    try {
      const url = withDatabase(adminUrl, name);
      await Promise.all([1, 2, 3].map(() => migrateDatabase(url)));
      const db = new pg.Client({ connectionString: url });
      await db.connect();
      const { rows } = await db.query<{ n: string }>('select count(*) as n from drizzle."__drizzle_migrations"');
      const tables = await db.query<{ t: string }>("select tablename as t from pg_tables where schemaname = 'public' order by 1");
      await db.end();
      expect(Number(rows[0]!.n)).toBe(3);
      expect(tables.rows.map((r) => r.t)).toEqual([
        "account",
        "custom_medications",
        "pill_logs",
        "rateLimit",
        "session",
        "share_invitations",
        "shared_access",
        "user",
        "user_medications",
        "verification",
      ]);
    } finally {
      await admin.query(`drop database if exists "${name}" with (force)`);
      await admin.end();
    }
  });
});
