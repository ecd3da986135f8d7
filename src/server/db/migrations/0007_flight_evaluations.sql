-- Issue 11 item 2: the team's delay evaluation, its observations and the affectations belong to
-- the flight, not to the match row (which a separation or a rematch replaces). Hand-edited from
-- drizzle-kit's output so the existing evaluations move to their flights instead of being dropped.
CREATE TABLE "flight_delay_evaluations" (
	"flight_id" integer NOT NULL,
	"position" smallint NOT NULL,
	"code" text NOT NULL,
	"minutes" integer NOT NULL,
	"cause" text DEFAULT '' NOT NULL,
	CONSTRAINT "flight_delay_evaluations_flight_id_position_pk" PRIMARY KEY("flight_id","position"),
	CONSTRAINT "flight_delay_evaluations_position" CHECK ("flight_delay_evaluations"."position" between 1 and 4)
);
--> statement-breakpoint
ALTER TABLE "flight_delay_evaluations" ADD CONSTRAINT "flight_delay_evaluations_flight_id_flights_id_fk" FOREIGN KEY ("flight_id") REFERENCES "public"."flights"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flight_delay_evaluations" ADD CONSTRAINT "flight_delay_evaluations_code_delay_codes_code_fk" FOREIGN KEY ("code") REFERENCES "public"."delay_codes"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flights" ADD COLUMN "delays_evaluated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "flights" ADD COLUMN "delay_observations" text DEFAULT '' NOT NULL;--> statement-breakpoint
UPDATE "flights" f SET "delays_evaluated_at" = m."evaluated_at", "delay_observations" = m."observations"
  FROM "matches" m WHERE m."flight_id" = f."id" AND (m."evaluated_at" IS NOT NULL OR m."observations" <> '');--> statement-breakpoint
INSERT INTO "flight_delay_evaluations" ("flight_id", "position", "code", "minutes", "cause")
  SELECT m."flight_id", md."position", md."code", md."minutes", md."cause"
  FROM "match_delays" md JOIN "matches" m ON m."id" = md."match_id" WHERE m."flight_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "affectations" ADD COLUMN "flight_id" integer;--> statement-breakpoint
UPDATE "affectations" a SET "flight_id" = m."flight_id" FROM "matches" m WHERE m."id" = a."match_id";--> statement-breakpoint
DELETE FROM "affectations" WHERE "flight_id" IS NULL;--> statement-breakpoint
ALTER TABLE "affectations" ALTER COLUMN "flight_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "affectations" DROP CONSTRAINT "affectations_match_id_matches_id_fk";--> statement-breakpoint
DROP INDEX "affectations_match_code";--> statement-breakpoint
ALTER TABLE "affectations" DROP COLUMN "match_id";--> statement-breakpoint
ALTER TABLE "affectations" ADD CONSTRAINT "affectations_flight_id_flights_id_fk" FOREIGN KEY ("flight_id") REFERENCES "public"."flights"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "affectations_flight_code" ON "affectations" USING btree ("flight_id","code");--> statement-breakpoint
DROP TABLE "match_delays" CASCADE;--> statement-breakpoint
DROP FUNCTION "turnover_match_delays_changed"();--> statement-breakpoint
ALTER TABLE "matches" DROP COLUMN "observations";--> statement-breakpoint
ALTER TABLE "matches" DROP COLUMN "evaluated_at";--> statement-breakpoint
-- Issue 11 item 8: a pair on its slot to the minute with nothing else differing is OK, not DIFF.
ALTER TABLE "matches" DROP CONSTRAINT "matches_general_status";--> statement-breakpoint
ALTER TABLE "matches" ADD CONSTRAINT "matches_general_status" CHECK ("matches"."general_status" in ('X', 'A', 'CA', 'AH', 'D', 'S', 'DIFF', 'OK'));--> statement-breakpoint
UPDATE "matches" SET "general_status" = 'OK' WHERE "general_status" = 'DIFF' AND "scheduled_difference" = 0;--> statement-breakpoint
-- Hand-written: the row cache follows the evaluations as it follows AIMS's codes (0002), and every
-- cached row is rebuilt once (its observations now come from the flight).
CREATE TRIGGER "flight_delay_evaluations_inserted" AFTER INSERT ON "flight_delay_evaluations" REFERENCING NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "turnover_flight_delays_changed"();--> statement-breakpoint
CREATE TRIGGER "flight_delay_evaluations_updated" AFTER UPDATE ON "flight_delay_evaluations" REFERENCING NEW TABLE AS "new_rows" OLD TABLE AS "old_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "turnover_flight_delays_changed"();--> statement-breakpoint
CREATE TRIGGER "flight_delay_evaluations_deleted" AFTER DELETE ON "flight_delay_evaluations" REFERENCING OLD TABLE AS "old_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "turnover_flight_delays_changed"();--> statement-breakpoint
UPDATE "matches" SET "row_json" = NULL WHERE "row_json" IS NOT NULL;
