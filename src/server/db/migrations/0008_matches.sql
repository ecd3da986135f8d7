-- Issue 15 item 3: medium- and short-term matches generations (seed 002 §3 "Match record").
-- Written by hand in drizzle-kit's form (drizzle-kit needs a TTY), like 0007.
CREATE TABLE "match_generations" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"season" text NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"computed" boolean NOT NULL,
	"flights" integer NOT NULL,
	"slots" integer NOT NULL,
	"paired" integer NOT NULL,
	"without_slot" integer NOT NULL,
	"leftover_slots" integer NOT NULL,
	"off_slot" integer NOT NULL,
	"result_csv" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "match_generations_kind" CHECK ("match_generations"."kind" in ('medium', 'short')),
	CONSTRAINT "match_generations_dates" CHECK ("match_generations"."end_date" >= "match_generations"."start_date")
);
--> statement-breakpoint
ALTER TABLE "match_generations" ADD CONSTRAINT "match_generations_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "match_generations_range" ON "match_generations" USING btree ("kind","start_date","end_date");--> statement-breakpoint
CREATE INDEX "match_generations_season" ON "match_generations" USING btree ("season");
