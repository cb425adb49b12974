import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { describe, expect, inject, it } from "vitest";
import { withDatabase } from "../../../test/setup/template.ts";
import { migrateDatabase, migrationsFolder } from "./client.ts";

// Every migration in the journal, each applied once (several engineers add migrations, so not a literal count).
const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, "meta", "_journal.json"), "utf8")) as { entries: unknown[] };

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
      expect(Number(rows[0]!.n)).toBe(journal.entries.length);
      expect(tables.rows.map((r) => r.t)).toEqual([
        "account",
        "caregiver_alerts",
        "custom_medication_versions",
        "custom_medications",
        "medication_tracking",
        "pill_logs",
        "push_subscriptions",
        "rateLimit",
        "reminder_deliveries",
        "reminder_settings",
        "session",
        "share_invitations",
        "shared_access",
        "user",
        "user_medications",
        "verification",
        "write_limits",
      ]);
    } finally {
      await admin.query(`drop database if exists "${name}" with (force)`);
      await admin.end();
    }
  });
});

describe("migration 0005 (history)", () => {
  it("backfills a version for each custom medication and a tracked stretch for each medication in a list", async () => {
    const adminUrl = inject("adminUrl");
    const name = `${inject("templateDb")}_backfill_${process.pid}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`drop database if exists "${name}" with (force)`);
    await admin.query(`create database "${name}"`);
    const db = new pg.Client({ connectionString: withDatabase(adminUrl, name) });
    await db.connect();
    try {
      const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, "meta", "_journal.json"), "utf8")) as {
        entries: Array<{ tag: string }>;
      };
      const run = async (tag: string) => {
        for (const statement of fs.readFileSync(path.join(migrationsFolder, `${tag}.sql`), "utf8").split("--> statement-breakpoint")) {
          if (statement.trim()) await db.query(statement);
        }
      };
      // The database as it was before: every earlier migration, and an account with a custom medication.
      for (const { tag } of journal.entries.filter((e) => e.tag < "0005")) await run(tag);
      await db.query(`insert into "user" (id, name, email, "createdAt") values ('u1', 'Mary', 'mary@example.test', '2026-01-01T10:00:00Z')`);
      const { rows } = await db.query<{ id: string }>(
        `insert into custom_medications (user_id, name, config, created_at) values ('u1', 'Sinemet', '{"fixedTimes": ["08:00"]}', '2026-02-01T10:00:00Z') returning id`,
      );
      const medId = rows[0]!.id;
      await db.query(`insert into user_medications (user_id, medication_ids) values ('u1', array['carbidopa-levodopa', $1])`, [medId]);
      await run("0005_history");
      const versions = await db.query(`select medication_id, valid_from, config from custom_medication_versions`);
      expect(versions.rows).toEqual([
        { medication_id: medId, valid_from: new Date("2026-02-01T10:00:00Z"), config: { fixedTimes: ["08:00"], name: "Sinemet" } },
      ]);
      const tracked = await db.query(`select medication_id, tracked_from, tracked_until from medication_tracking order by tracked_from`);
      expect(tracked.rows).toEqual([
        { medication_id: "carbidopa-levodopa", tracked_from: new Date("2026-01-01T10:00:00Z"), tracked_until: null },
        { medication_id: medId, tracked_from: new Date("2026-02-01T10:00:00Z"), tracked_until: null },
      ]);
    } finally {
      await db.end();
      await admin.query(`drop database if exists "${name}" with (force)`);
      await admin.end();
    }
  });
});
