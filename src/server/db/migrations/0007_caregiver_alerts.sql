CREATE TABLE "caregiver_alerts" (
	"owner_user_id" text NOT NULL,
	"caregiver_user_id" text NOT NULL,
	"delay_minutes" integer DEFAULT 30 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "caregiver_alerts_owner_user_id_caregiver_user_id_pk" PRIMARY KEY("owner_user_id","caregiver_user_id"),
	CONSTRAINT "caregiver_alerts_delay_check" CHECK ("caregiver_alerts"."delay_minutes" between 5 and 240)
);
--> statement-breakpoint
ALTER TABLE "caregiver_alerts" ADD CONSTRAINT "caregiver_alerts_owner_user_id_user_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "caregiver_alerts" ADD CONSTRAINT "caregiver_alerts_caregiver_user_id_user_id_fk" FOREIGN KEY ("caregiver_user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "caregiver_alerts_caregiver_idx" ON "caregiver_alerts" USING btree ("caregiver_user_id");--> statement-breakpoint
ALTER TABLE "reminder_deliveries" ADD COLUMN "acknowledged_at" timestamp with time zone;
