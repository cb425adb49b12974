CREATE TABLE "custom_medications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"name" text NOT NULL,
	"config" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pill_logs" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"timestamp" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"logged_by_user_id" text NOT NULL,
	"logged_by_name" text NOT NULL,
	"medication_id" text
);
--> statement-breakpoint
CREATE TABLE "user_medications" (
	"user_id" text PRIMARY KEY NOT NULL,
	"medication_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "custom_medications" ADD CONSTRAINT "custom_medications_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pill_logs" ADD CONSTRAINT "pill_logs_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_medications" ADD CONSTRAINT "user_medications_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "custom_medications_user_idx" ON "custom_medications" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "pill_logs_user_timestamp_idx" ON "pill_logs" USING btree ("user_id","timestamp" DESC NULLS LAST);