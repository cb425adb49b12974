CREATE TABLE "share_invitations" (
	"id" text PRIMARY KEY NOT NULL,
	"owner_user_id" text NOT NULL,
	"owner_name" text NOT NULL,
	"owner_email" text NOT NULL,
	"invited_email" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "share_invitations" ADD CONSTRAINT "share_invitations_owner_user_id_user_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "share_invitations_owner_idx" ON "share_invitations" USING btree ("owner_user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "share_invitations_one_pending_idx" ON "share_invitations" USING btree ("owner_user_id","invited_email") WHERE "share_invitations"."status" = 'pending';