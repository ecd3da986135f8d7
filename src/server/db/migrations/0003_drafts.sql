CREATE TABLE "drafts" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"new_slot_data" jsonb NOT NULL,
	"modification_data" jsonb NOT NULL,
	"cancellation_data" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "drafts" ADD CONSTRAINT "drafts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;