ALTER TABLE "logbook_lines" ADD COLUMN "offers" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "logbook_lines" ADD COLUMN "offers_deadline" date;--> statement-breakpoint
ALTER TABLE "logbook_lines" ADD COLUMN "offer_answer" text;--> statement-breakpoint
ALTER TABLE "logbook_lines" ADD COLUMN "offer_answer_request_id" integer;--> statement-breakpoint
ALTER TABLE "logbook_lines" ADD CONSTRAINT "logbook_lines_offer_answer_request_id_logbook_requests_id_fk" FOREIGN KEY ("offer_answer_request_id") REFERENCES "public"."logbook_requests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "logbook_lines" ADD CONSTRAINT "logbook_lines_offer_answer" CHECK ("logbook_lines"."offer_answer" in ('A', 'P', 'Z'));