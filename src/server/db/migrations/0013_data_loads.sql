CREATE TABLE "data_loads" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"source" text NOT NULL,
	"file_name" text NOT NULL,
	"content_hash" text NOT NULL,
	"content" "bytea" NOT NULL,
	"status" text NOT NULL,
	"loaded_by" integer,
	"loaded_by_name" text,
	"counts" jsonb NOT NULL,
	"rematch_dates" jsonb NOT NULL,
	"warnings" integer NOT NULL,
	"errors" integer NOT NULL,
	"problems" jsonb NOT NULL,
	"skipped_text" text,
	"message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "data_loads_kind" CHECK ("data_loads"."kind" in ('schedule', 'flights', 'mvt')),
	CONSTRAINT "data_loads_source" CHECK ("data_loads"."source" in ('web', 'feed', 'cli')),
	CONSTRAINT "data_loads_status" CHECK ("data_loads"."status" in ('applied', 'refused'))
);
--> statement-breakpoint
ALTER TABLE "data_loads" ADD CONSTRAINT "data_loads_loaded_by_users_id_fk" FOREIGN KEY ("loaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "data_loads_feed_claim" ON "data_loads" USING btree ("content_hash") WHERE "data_loads"."source" = 'feed';--> statement-breakpoint
CREATE INDEX "data_loads_created_at" ON "data_loads" USING btree ("created_at");