CREATE TABLE "report_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"report_name" text NOT NULL,
	"trigger" text NOT NULL,
	"scheduled_for" timestamp with time zone,
	"requested_by" integer,
	"requested_by_email" text,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"range_start" date NOT NULL,
	"range_end" date NOT NULL,
	"time_zone" text NOT NULL,
	"to_addresses" jsonb NOT NULL,
	"cc_addresses" jsonb NOT NULL,
	"file_name" text,
	"status" text NOT NULL,
	"detail" text,
	"outbox_id" integer,
	CONSTRAINT "report_runs_trigger" CHECK ("report_runs"."trigger" in ('manual', 'schedule')),
	CONSTRAINT "report_runs_status" CHECK ("report_runs"."status" in ('sending', 'sent', 'kept', 'failed', 'no_data', 'skipped'))
);
--> statement-breakpoint
CREATE TABLE "report_templates" (
	"report_name" text PRIMARY KEY NOT NULL,
	"frequency" smallint NOT NULL,
	"schedule" jsonb NOT NULL,
	"timezone" text NOT NULL,
	"send_to" integer,
	"updated_at" timestamp with time zone NOT NULL,
	"updated_by" integer,
	"updated_by_email" text,
	CONSTRAINT "report_templates_frequency" CHECK ("report_templates"."frequency" between 1 and 3),
	CONSTRAINT "report_templates_timezone" CHECK ("report_templates"."timezone" in ('zulu', 'local'))
);
--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "attachments" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "report_runs" ADD CONSTRAINT "report_runs_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_runs" ADD CONSTRAINT "report_runs_outbox_id_outbox_id_fk" FOREIGN KEY ("outbox_id") REFERENCES "public"."outbox"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_templates" ADD CONSTRAINT "report_templates_send_to_contacts_id_fk" FOREIGN KEY ("send_to") REFERENCES "public"."contacts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_templates" ADD CONSTRAINT "report_templates_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "report_runs_schedule_claim" ON "report_runs" USING btree ("report_name","scheduled_for");--> statement-breakpoint
CREATE INDEX "report_runs_started_at" ON "report_runs" USING btree ("started_at");