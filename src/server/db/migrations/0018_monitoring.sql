CREATE TABLE "justification_reasons" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"label" text NOT NULL,
	"delay_codes" text[] DEFAULT '{}'::text[] NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	"updated_by_name" text,
	CONSTRAINT "justification_reasons_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "justifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"slot_id" integer NOT NULL,
	"kind" text NOT NULL,
	"reason_id" integer NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"proposed_by_code" text,
	"file_name" text,
	"file_content" "bytea",
	"created_by" integer,
	"created_by_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	"updated_by_name" text,
	CONSTRAINT "justifications_kind" CHECK ("justifications"."kind" in ('not_used', 'off_tolerance'))
);
--> statement-breakpoint
ALTER TABLE "seasons" ADD COLUMN "usage_threshold" integer DEFAULT 80 NOT NULL;--> statement-breakpoint
ALTER TABLE "seasons" ADD COLUMN "tolerance_minutes" integer DEFAULT 15 NOT NULL;--> statement-breakpoint
ALTER TABLE "seasons" ADD COLUMN "outside_counts_as_used" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "seasons" ADD COLUMN "historics_baseline_date" date;--> statement-breakpoint
ALTER TABLE "seasons" ADD COLUMN "series_return_deadline" date;--> statement-breakpoint
ALTER TABLE "seasons" ADD COLUMN "initial_submission_deadline" date;--> statement-breakpoint
ALTER TABLE "seasons" ADD COLUMN "shl_deadline" date;--> statement-breakpoint
ALTER TABLE "justification_reasons" ADD CONSTRAINT "justification_reasons_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "justifications" ADD CONSTRAINT "justifications_slot_id_slots_id_fk" FOREIGN KEY ("slot_id") REFERENCES "public"."slots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "justifications" ADD CONSTRAINT "justifications_reason_id_justification_reasons_id_fk" FOREIGN KEY ("reason_id") REFERENCES "public"."justification_reasons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "justifications" ADD CONSTRAINT "justifications_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "justifications" ADD CONSTRAINT "justifications_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "justifications_slot" ON "justifications" USING btree ("slot_id");--> statement-breakpoint
ALTER TABLE "seasons" ADD CONSTRAINT "seasons_usage_threshold" CHECK ("seasons"."usage_threshold" between 0 and 100);--> statement-breakpoint
ALTER TABLE "seasons" ADD CONSTRAINT "seasons_tolerance_minutes" CHECK ("seasons"."tolerance_minutes" >= 0);--> statement-breakpoint
-- The guidelines' dates of the seasons already held (a summer season: Series Return Deadline
-- 15 January, Historics Baseline Date 31 January of its year; a winter one: 15 and 31 August).
UPDATE "seasons" SET
  "series_return_deadline" = make_date(extract(year from "start_date")::int, CASE WHEN "name" LIKE 'S%' THEN 1 ELSE 8 END, 15),
  "historics_baseline_date" = make_date(extract(year from "start_date")::int, CASE WHEN "name" LIKE 'S%' THEN 1 ELSE 8 END, 31);--> statement-breakpoint
-- The reasons coordinators accept for a non-use (issue 27 item 2), and the IATA delay codes that
-- propose each one. Admin edits this list; nothing rewrites it at a start.
INSERT INTO "justification_reasons" ("code", "label", "delay_codes", "position") VALUES
  ('weather', 'Meteorología', '{71,72,73,75,76,77}', 1),
  ('atc_atfm', 'ATC / ATFM', '{81,82,83,84}', 2),
  ('airport_closure', 'Cierre del aeropuerto', '{87,88,89}', 3),
  ('strike', 'Huelga', '{98}', 4),
  ('technical_outstation', 'Falla técnica en otra estación', '{51}', 5),
  ('medical', 'Emergencia médica', '{}', 6),
  ('security', 'Seguridad', '{85}', 7),
  ('government', 'Orden gubernamental', '{86}', 8);
