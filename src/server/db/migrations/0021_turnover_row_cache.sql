CREATE TABLE "turnover_row_cache" (
	"match_id" integer PRIMARY KEY NOT NULL,
	"row_version" integer NOT NULL,
	"j" text NOT NULL
);
--> statement-breakpoint
DROP INDEX "matches_row_stale";--> statement-breakpoint
ALTER TABLE "matches" DROP COLUMN "row_json";--> statement-breakpoint
-- Hand-written (issue 25 item 0): the turnover row cache leaves `matches` for a narrow table of
-- its own. Filling matches.row_json rewrote each wide match row and its six indexes (the row left
-- the partial index of empty rows); an INSERT into turnover_row_cache writes one narrow row and
-- one index entry. A change still bumps matches.row_version (the triggers of 0002, now without
-- row_json), and a cached row is served only at its match's version: a fill computed from an older
-- snapshot may land but is never read, and the next fill overwrites it. The cache starts empty.
CREATE OR REPLACE FUNCTION "turnover_match_row_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Every update of a match is a change of its row (the fill no longer writes matches).
  NEW.row_version := OLD.row_version + 1;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "turnover_flights_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "matches" SET "row_version" = "row_version" + 1 WHERE "flight_id" IN (SELECT "id" FROM "changed_rows");
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "turnover_slots_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "matches" SET "row_version" = "row_version" + 1 WHERE "slot_id" IN (SELECT "id" FROM "changed_rows");
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "turnover_flight_delays_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE "matches" SET "row_version" = "row_version" + 1 WHERE "flight_id" IN (SELECT "flight_id" FROM "new_rows");
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE "matches" SET "row_version" = "row_version" + 1 WHERE "flight_id" IN (SELECT "flight_id" FROM "old_rows");
  ELSE
    UPDATE "matches" SET "row_version" = "row_version" + 1
    WHERE "flight_id" IN (SELECT "flight_id" FROM "new_rows" UNION SELECT "flight_id" FROM "old_rows");
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
-- Matches (0017): every updated row is now a change of its turnover row (only the fill was not,
-- and it no longer updates matches).
CREATE OR REPLACE FUNCTION "live_matches_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_ids integer[];
  v_first date;
  v_last date;
BEGIN
  IF TG_OP = 'DELETE' THEN
    SELECT array_agg("id"), min("date"), max("date") INTO v_ids, v_first, v_last
    FROM (SELECT "id", "date" FROM "old_rows" LIMIT 201) x;
    IF cardinality(v_ids) > 200 THEN SELECT min("date"), max("date") INTO v_first, v_last FROM "old_rows"; END IF;
  ELSE
    SELECT array_agg("id"), min("date"), max("date") INTO v_ids, v_first, v_last
    FROM (SELECT "id", "date" FROM "new_rows" LIMIT 201) x;
    IF cardinality(v_ids) > 200 THEN SELECT min("date"), max("date") INTO v_first, v_last FROM "new_rows"; END IF;
  END IF;
  PERFORM "live_publish"('match', v_ids, v_first, v_last);
  RETURN NULL;
END $$;--> statement-breakpoint
-- A deleted match's cached row goes with it (no foreign key: its check would lock each match row
-- a fill caches), and a truncated matches table empties the cache (ids may start again at 1).
CREATE FUNCTION "turnover_matches_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM "turnover_row_cache";
  ELSE
    DELETE FROM "turnover_row_cache" WHERE "match_id" IN (SELECT "id" FROM "old_rows");
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "matches_row_cache_deleted" AFTER DELETE ON "matches" REFERENCING OLD TABLE AS "old_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "turnover_matches_deleted"();--> statement-breakpoint
CREATE TRIGGER "matches_row_cache_truncated" AFTER TRUNCATE ON "matches"
  FOR EACH STATEMENT EXECUTE FUNCTION "turnover_matches_deleted"();
