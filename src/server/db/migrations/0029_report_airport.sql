-- Issue 37: a report schedule and a report run belong to an airport (existing rows MEX).
ALTER TABLE "report_templates" DROP CONSTRAINT "report_templates_pkey";--> statement-breakpoint
ALTER TABLE "report_templates" ADD COLUMN "airport" text DEFAULT 'MEX' NOT NULL;--> statement-breakpoint
ALTER TABLE "report_templates" ADD CONSTRAINT "report_templates_report_name_airport_pk" PRIMARY KEY("report_name","airport");--> statement-breakpoint
ALTER TABLE "report_runs" ADD COLUMN "airport" text DEFAULT 'MEX' NOT NULL;--> statement-breakpoint
DROP INDEX "report_runs_schedule_claim";--> statement-breakpoint
CREATE UNIQUE INDEX "report_runs_schedule_claim" ON "report_runs" USING btree ("report_name","airport","scheduled_for");
