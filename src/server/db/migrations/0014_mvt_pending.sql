CREATE TABLE "mvt_pending" (
	"id" serial PRIMARY KEY NOT NULL,
	"flight_number" text NOT NULL,
	"is_arrival" boolean NOT NULL,
	"day" smallint NOT NULL,
	"message" jsonb NOT NULL,
	"message_key" text NOT NULL,
	"load_id" integer,
	"received_at" timestamp with time zone NOT NULL,
	CONSTRAINT "mvt_pending_day" CHECK ("mvt_pending"."day" between 1 and 31)
);
--> statement-breakpoint
ALTER TABLE "flights" ADD COLUMN "actual_departure_source" text;--> statement-breakpoint
ALTER TABLE "flights" ADD COLUMN "actual_departure_source_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "flights" ADD COLUMN "actual_arrival_source" text;--> statement-breakpoint
ALTER TABLE "flights" ADD COLUMN "actual_arrival_source_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "mvt_pending" ADD CONSTRAINT "mvt_pending_load_id_data_loads_id_fk" FOREIGN KEY ("load_id") REFERENCES "public"."data_loads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "mvt_pending_message" ON "mvt_pending" USING btree ("message_key");--> statement-breakpoint
CREATE INDEX "mvt_pending_flight" ON "mvt_pending" USING btree ("flight_number","is_arrival","day");--> statement-breakpoint
ALTER TABLE "flights" ADD CONSTRAINT "flights_actual_departure_source" CHECK ("flights"."actual_departure_source" in ('mvt', 'csv', 'admin'));--> statement-breakpoint
ALTER TABLE "flights" ADD CONSTRAINT "flights_actual_arrival_source" CHECK ("flights"."actual_arrival_source" in ('mvt', 'csv', 'admin'));