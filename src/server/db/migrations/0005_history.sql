-- Issue 13 (docs/decisions/020-history-and-reports.md): every config of a custom medication with the instant it
-- took effect, and when each medication was turned on and off in the user's list.
-- NOTE: pill_logs.status and skip_reason belong to migration 0004 (skipped doses); IF NOT EXISTS lets both run.
ALTER TABLE "pill_logs" ADD COLUMN IF NOT EXISTS "status" text DEFAULT 'taken' NOT NULL;
--> statement-breakpoint
ALTER TABLE "pill_logs" ADD COLUMN IF NOT EXISTS "skip_reason" text;
--> statement-breakpoint
CREATE TABLE "custom_medication_versions" (
	"user_id" text NOT NULL,
	"medication_id" uuid NOT NULL,
	"valid_from" timestamp with time zone NOT NULL,
	"config" jsonb NOT NULL,
	CONSTRAINT "custom_medication_versions_pk" PRIMARY KEY ("medication_id", "valid_from")
);
--> statement-breakpoint
ALTER TABLE "custom_medication_versions" ADD CONSTRAINT "custom_medication_versions_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "custom_medication_versions_user_idx" ON "custom_medication_versions" USING btree ("user_id");
--> statement-breakpoint
CREATE TABLE "medication_tracking" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"medication_id" text NOT NULL,
	"tracked_from" timestamp with time zone NOT NULL,
	"tracked_until" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "medication_tracking" ADD CONSTRAINT "medication_tracking_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "medication_tracking_user_idx" ON "medication_tracking" USING btree ("user_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "medication_tracking_one_open_idx" ON "medication_tracking" USING btree ("user_id","medication_id") WHERE "tracked_until" IS NULL;
--> statement-breakpoint
-- Backfill: the current config of each custom medication has held since it was created (no earlier one is known).
INSERT INTO "custom_medication_versions" ("user_id", "medication_id", "valid_from", "config")
SELECT "user_id", "id", "created_at", "config" || jsonb_build_object('name', "name") FROM "custom_medications";
--> statement-breakpoint
-- Backfill: each tracked medication has been on since it was created (custom) or since the account was (built-in).
INSERT INTO "medication_tracking" ("user_id", "medication_id", "tracked_from")
SELECT DISTINCT ON (um."user_id", ids.id) um."user_id", ids.id, COALESCE(cm."created_at", u."createdAt")
FROM "user_medications" um
JOIN "user" u ON u."id" = um."user_id"
CROSS JOIN LATERAL unnest(um."medication_ids") AS ids(id)
LEFT JOIN "custom_medications" cm ON cm."id"::text = ids.id AND cm."user_id" = um."user_id";
