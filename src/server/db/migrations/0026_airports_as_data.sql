ALTER TABLE "airports" ADD COLUMN "time_zone" text DEFAULT 'America/Mexico_City' NOT NULL;--> statement-breakpoint
ALTER TABLE "airports" ADD COLUMN "coordination_level" smallint;--> statement-breakpoint
ALTER TABLE "airports" ADD COLUMN "coordinator_email" text;--> statement-breakpoint
ALTER TABLE "airports" ADD COLUMN "coordinator_sita" text;--> statement-breakpoint
ALTER TABLE "airports" ADD COLUMN "active" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "airports" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "airports" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "airports" ADD COLUMN "updated_by" integer;--> statement-breakpoint
ALTER TABLE "airports" ADD COLUMN "updated_by_name" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "airports" text[];--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "default_airport" text;--> statement-breakpoint
ALTER TABLE "airports" ADD CONSTRAINT "airports_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- MEX is the airport every install held until now: it stays active, coordinated (level 3), in its
-- zone, and its coordinator is the one coordinator address the settings held.
UPDATE "airports" SET "active" = true, "coordination_level" = 3, "time_zone" = 'America/Mexico_City',
  "coordinator_email" = (SELECT nullif(trim("value"->>'email'), '') FROM "settings" WHERE "name" = 'coordinator_email')
WHERE "code" = 'MEX';
