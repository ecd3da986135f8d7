ALTER TABLE "seasons" DROP CONSTRAINT "seasons_name_unique";--> statement-breakpoint
DROP INDEX "flights_identity";--> statement-breakpoint
DROP INDEX "match_generations_range";--> statement-breakpoint
DROP INDEX "matches_turnover_order";--> statement-breakpoint
ALTER TABLE "flights" ADD COLUMN "airport" text DEFAULT 'MEX' NOT NULL;--> statement-breakpoint
ALTER TABLE "match_generations" ADD COLUMN "airport" text DEFAULT 'MEX' NOT NULL;--> statement-breakpoint
ALTER TABLE "matches" ADD COLUMN "airport" text DEFAULT 'MEX' NOT NULL;--> statement-breakpoint
ALTER TABLE "mvt_pending" ADD COLUMN "airport" text DEFAULT 'MEX' NOT NULL;--> statement-breakpoint
ALTER TABLE "seasons" ADD COLUMN "airport" text DEFAULT 'MEX' NOT NULL;--> statement-breakpoint
ALTER TABLE "slots" ADD COLUMN "airport" text DEFAULT 'MEX' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "seasons_airport_name" ON "seasons" USING btree ("airport","name");--> statement-breakpoint
CREATE INDEX "slots_airport_date" ON "slots" USING btree ("airport","date","is_arrival");--> statement-breakpoint
CREATE UNIQUE INDEX "flights_identity" ON "flights" USING btree ("airport","flight_number","date","is_arrival");--> statement-breakpoint
CREATE UNIQUE INDEX "match_generations_range" ON "match_generations" USING btree ("airport","kind","start_date","end_date");--> statement-breakpoint
CREATE INDEX "matches_turnover_order" ON "matches" USING btree ("airport","date","sort_at","is_arrival" DESC NULLS LAST,"slot_id","flight_id");