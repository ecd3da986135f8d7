CREATE TABLE "logbook_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"part_id" integer NOT NULL,
	"position" integer NOT NULL,
	"slot_id" integer,
	"actual" text,
	"request" text,
	"response" text
);
--> statement-breakpoint
CREATE TABLE "logbook_parts" (
	"id" serial PRIMARY KEY NOT NULL,
	"request_id" integer NOT NULL,
	"part_number" integer NOT NULL,
	"request_text" text,
	"response_text" text,
	CONSTRAINT "logbook_parts_part_number" CHECK ("logbook_parts"."part_number" > 0)
);
--> statement-breakpoint
CREATE TABLE "logbook_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"season_id" integer NOT NULL,
	"reference" integer NOT NULL,
	"type" smallint NOT NULL,
	"airport" text NOT NULL,
	"responsible_id" integer,
	"responsible_name" text,
	"request_date" timestamp with time zone NOT NULL,
	"response_date" timestamp with time zone,
	"commentary" text,
	"tracing" text,
	"si" text DEFAULT '' NOT NULL,
	"gi" text DEFAULT '' NOT NULL,
	"delay_code" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "logbook_requests_reference" CHECK ("logbook_requests"."reference" > 0),
	CONSTRAINT "logbook_requests_type" CHECK ("logbook_requests"."type" between 1 and 4)
);
--> statement-breakpoint
ALTER TABLE "logbook_lines" ADD CONSTRAINT "logbook_lines_part_id_logbook_parts_id_fk" FOREIGN KEY ("part_id") REFERENCES "public"."logbook_parts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "logbook_lines" ADD CONSTRAINT "logbook_lines_slot_id_slots_id_fk" FOREIGN KEY ("slot_id") REFERENCES "public"."slots"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "logbook_parts" ADD CONSTRAINT "logbook_parts_request_id_logbook_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."logbook_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "logbook_requests" ADD CONSTRAINT "logbook_requests_season_id_seasons_id_fk" FOREIGN KEY ("season_id") REFERENCES "public"."seasons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "logbook_requests" ADD CONSTRAINT "logbook_requests_responsible_id_users_id_fk" FOREIGN KEY ("responsible_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "logbook_requests" ADD CONSTRAINT "logbook_requests_delay_code_delay_codes_code_fk" FOREIGN KEY ("delay_code") REFERENCES "public"."delay_codes"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "logbook_lines_part_position" ON "logbook_lines" USING btree ("part_id","position");--> statement-breakpoint
CREATE INDEX "logbook_lines_slot" ON "logbook_lines" USING btree ("slot_id");--> statement-breakpoint
CREATE UNIQUE INDEX "logbook_parts_request_part" ON "logbook_parts" USING btree ("request_id","part_number");--> statement-breakpoint
CREATE UNIQUE INDEX "logbook_requests_season_reference" ON "logbook_requests" USING btree ("season_id","reference");