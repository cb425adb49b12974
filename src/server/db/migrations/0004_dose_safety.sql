ALTER TABLE "pill_logs" ADD COLUMN "status" text DEFAULT 'taken' NOT NULL;--> statement-breakpoint
ALTER TABLE "pill_logs" ADD COLUMN "skip_reason" text;--> statement-breakpoint
ALTER TABLE "pill_logs" ADD CONSTRAINT "pill_logs_status_check" CHECK ("pill_logs"."status" in ('taken', 'skipped'));--> statement-breakpoint
ALTER TABLE "pill_logs" ADD CONSTRAINT "pill_logs_skip_reason_check" CHECK (("pill_logs"."status" = 'skipped') = ("pill_logs"."skip_reason" is not null));
