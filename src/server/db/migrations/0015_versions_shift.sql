ALTER TABLE "drafts" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "drafts" ADD COLUMN "updated_by" text;--> statement-breakpoint
ALTER TABLE "flights" ADD COLUMN "viewer_version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "flights" ADD COLUMN "viewer_updated_by" text;--> statement-breakpoint
ALTER TABLE "flights" ADD COLUMN "viewer_updated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "logbook_requests" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "logbook_requests" ADD COLUMN "updated_by" text;--> statement-breakpoint
ALTER TABLE "logbook_requests" ADD COLUMN "updated_at" timestamp with time zone;