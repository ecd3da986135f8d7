CREATE TABLE "live_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"ids" integer[],
	"first_date" date,
	"last_date" date,
	"actor_id" integer,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"txid" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "live_presence" (
	"stream_id" text PRIMARY KEY NOT NULL,
	"instance_id" text NOT NULL,
	"session_id" text NOT NULL,
	"user_id" integer NOT NULL,
	"match_id" integer,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "live_presence" ADD CONSTRAINT "live_presence_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "live_events_at" ON "live_events" USING btree ("at");--> statement-breakpoint
CREATE INDEX "live_events_txid" ON "live_events" USING btree ("txid");--> statement-breakpoint
CREATE INDEX "live_presence_session" ON "live_presence" USING btree ("session_id");--> statement-breakpoint
CREATE INDEX "live_presence_seen" ON "live_presence" USING btree ("seen_at");--> statement-breakpoint
-- Live updates (issue 25 item 2). Statement-level triggers record what changed in live_events
-- (kind and ids only, at most 200 ids: beyond, ids is NULL, "many"), one row per transaction and
-- kind; a deferred trigger announces each row with NOTIFY when its transaction commits, so every
-- write path (the API, the commands, the feed folder, the scheduler) publishes without knowing.
CREATE FUNCTION "live_publish"(p_kind text, p_ids integer[], p_first date, p_last date) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  n integer := coalesce(cardinality(p_ids), 0);
  tx bigint;
BEGIN
  IF n = 0 THEN RETURN; END IF;
  tx := txid_current();
  UPDATE "live_events" SET
    "ids" = CASE WHEN "ids" IS NULL OR cardinality("ids") + n > 200 THEN NULL
                 ELSE ARRAY(SELECT DISTINCT u FROM unnest("ids" || p_ids) AS u ORDER BY u) END,
    "first_date" = least("first_date", p_first),
    "last_date" = greatest("last_date", p_last)
  WHERE "txid" = tx AND "kind" = p_kind;
  IF NOT FOUND THEN
    INSERT INTO "live_events" ("kind", "ids", "first_date", "last_date", "actor_id", "txid")
    VALUES (p_kind, CASE WHEN n > 200 THEN NULL ELSE p_ids END, p_first, p_last,
            nullif(current_setting('slotdesk.actor', true), '')::integer, tx);
  END IF;
END $$;--> statement-breakpoint
CREATE FUNCTION "live_events_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  r "live_events";
BEGIN
  -- At commit: the row as the transaction left it (a later statement may have named the actor).
  SELECT * INTO r FROM "live_events" WHERE "id" = NEW."id";
  IF FOUND THEN
    PERFORM pg_notify('slotdesk_live', json_build_object(
      'id', r."id", 'kind', r."kind", 'ids', r."ids", 'first_date', r."first_date",
      'last_date', r."last_date", 'actor_id', r."actor_id",
      'at', to_char(r."at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))::text);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "live_events_notify" AFTER INSERT ON "live_events"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "live_events_notify"();--> statement-breakpoint
-- Who made the change: a write that records its user (the audit record of the match viewer and
-- the admin actions, a manual decision, a data load) names the actor of its transaction's events.
CREATE FUNCTION "live_actor"(p_actor integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF p_actor IS NULL THEN RETURN; END IF;
  PERFORM set_config('slotdesk.actor', p_actor::text, true);
  UPDATE "live_events" SET "actor_id" = p_actor WHERE "txid" = txid_current() AND "actor_id" IS NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "live_actor_audit"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "live_actor"(NEW."actor_id");
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "audit_log_live_actor" AFTER INSERT ON "audit_log"
  FOR EACH ROW EXECUTE FUNCTION "live_actor_audit"();--> statement-breakpoint
CREATE FUNCTION "live_actor_decision"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "live_actor"(NEW."user_id");
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "manual_decisions_live_actor" AFTER INSERT ON "manual_decisions"
  FOR EACH ROW EXECUTE FUNCTION "live_actor_decision"();--> statement-breakpoint
CREATE FUNCTION "live_actor_load"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "live_actor"(NEW."loaded_by");
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "data_loads_live_actor" AFTER INSERT ON "data_loads"
  FOR EACH ROW EXECUTE FUNCTION "live_actor_load"();--> statement-breakpoint
-- Matches: inserted and deleted rows, and updated rows whose turnover row changed (the turnover
-- row cache's fill, which only writes row_json, leaves it non-null: not a change).
CREATE FUNCTION "live_matches_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_ids integer[];
  v_first date;
  v_last date;
BEGIN
  IF TG_OP = 'DELETE' THEN
    SELECT array_agg("id"), min("date"), max("date") INTO v_ids, v_first, v_last
    FROM (SELECT "id", "date" FROM "old_rows" LIMIT 201) x;
    IF cardinality(v_ids) > 200 THEN SELECT min("date"), max("date") INTO v_first, v_last FROM "old_rows"; END IF;
  ELSIF TG_OP = 'INSERT' THEN
    SELECT array_agg("id"), min("date"), max("date") INTO v_ids, v_first, v_last
    FROM (SELECT "id", "date" FROM "new_rows" LIMIT 201) x;
    IF cardinality(v_ids) > 200 THEN SELECT min("date"), max("date") INTO v_first, v_last FROM "new_rows"; END IF;
  ELSE
    SELECT array_agg("id"), min("date"), max("date") INTO v_ids, v_first, v_last
    FROM (SELECT "id", "date" FROM "new_rows" WHERE "row_json" IS NULL LIMIT 201) x;
    IF cardinality(v_ids) > 200 THEN
      SELECT min("date"), max("date") INTO v_first, v_last FROM "new_rows" WHERE "row_json" IS NULL;
    END IF;
  END IF;
  PERFORM "live_publish"('match', v_ids, v_first, v_last);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "matches_live_inserted" AFTER INSERT ON "matches" REFERENCING NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "live_matches_changed"();--> statement-breakpoint
CREATE TRIGGER "matches_live_updated" AFTER UPDATE ON "matches" REFERENCING NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "live_matches_changed"();--> statement-breakpoint
CREATE TRIGGER "matches_live_deleted" AFTER DELETE ON "matches" REFERENCING OLD TABLE AS "old_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "live_matches_changed"();--> statement-breakpoint
-- Every other table: the ids of the rows a statement wrote (TG_ARGV[0] the kind, TG_ARGV[1] the
-- column that names them: a draft is its owner's, a logbook line its part's).
CREATE FUNCTION "live_rows_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_ids integer[];
BEGIN
  IF TG_OP = 'DELETE' THEN
    EXECUTE format('SELECT array_agg(DISTINCT %I) FROM (SELECT %I FROM old_rows LIMIT 201) x', TG_ARGV[1], TG_ARGV[1]) INTO v_ids;
  ELSE
    EXECUTE format('SELECT array_agg(DISTINCT %I) FROM (SELECT %I FROM new_rows LIMIT 201) x', TG_ARGV[1], TG_ARGV[1]) INTO v_ids;
  END IF;
  PERFORM "live_publish"(TG_ARGV[0], v_ids, NULL, NULL);
  IF TG_TABLE_NAME = 'drafts' AND TG_OP <> 'DELETE' THEN
    -- A draft is written by its owner.
    PERFORM "live_actor"(v_ids[1]);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "slots_live_inserted" AFTER INSERT ON "slots" REFERENCING NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "live_rows_changed"('slot', 'id');--> statement-breakpoint
CREATE TRIGGER "slots_live_updated" AFTER UPDATE ON "slots" REFERENCING NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "live_rows_changed"('slot', 'id');--> statement-breakpoint
CREATE TRIGGER "slots_live_deleted" AFTER DELETE ON "slots" REFERENCING OLD TABLE AS "old_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "live_rows_changed"('slot', 'id');--> statement-breakpoint
CREATE TRIGGER "flights_live_inserted" AFTER INSERT ON "flights" REFERENCING NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "live_rows_changed"('flight', 'id');--> statement-breakpoint
CREATE TRIGGER "flights_live_updated" AFTER UPDATE ON "flights" REFERENCING NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "live_rows_changed"('flight', 'id');--> statement-breakpoint
CREATE TRIGGER "flights_live_deleted" AFTER DELETE ON "flights" REFERENCING OLD TABLE AS "old_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "live_rows_changed"('flight', 'id');--> statement-breakpoint
CREATE TRIGGER "drafts_live_inserted" AFTER INSERT ON "drafts" REFERENCING NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "live_rows_changed"('draft', 'user_id');--> statement-breakpoint
CREATE TRIGGER "drafts_live_updated" AFTER UPDATE ON "drafts" REFERENCING NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "live_rows_changed"('draft', 'user_id');--> statement-breakpoint
CREATE TRIGGER "drafts_live_deleted" AFTER DELETE ON "drafts" REFERENCING OLD TABLE AS "old_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "live_rows_changed"('draft', 'user_id');--> statement-breakpoint
CREATE TRIGGER "logbook_parts_live_inserted" AFTER INSERT ON "logbook_parts" REFERENCING NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "live_rows_changed"('logbook', 'id');--> statement-breakpoint
CREATE TRIGGER "logbook_parts_live_updated" AFTER UPDATE ON "logbook_parts" REFERENCING NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "live_rows_changed"('logbook', 'id');--> statement-breakpoint
CREATE TRIGGER "logbook_parts_live_deleted" AFTER DELETE ON "logbook_parts" REFERENCING OLD TABLE AS "old_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "live_rows_changed"('logbook', 'id');--> statement-breakpoint
CREATE TRIGGER "logbook_lines_live_inserted" AFTER INSERT ON "logbook_lines" REFERENCING NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "live_rows_changed"('logbook', 'part_id');--> statement-breakpoint
CREATE TRIGGER "logbook_lines_live_updated" AFTER UPDATE ON "logbook_lines" REFERENCING NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "live_rows_changed"('logbook', 'part_id');--> statement-breakpoint
CREATE TRIGGER "logbook_lines_live_deleted" AFTER DELETE ON "logbook_lines" REFERENCING OLD TABLE AS "old_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "live_rows_changed"('logbook', 'part_id');--> statement-breakpoint
CREATE TRIGGER "logbook_files_live_inserted" AFTER INSERT ON "logbook_files" REFERENCING NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "live_rows_changed"('logbook', 'part_id');--> statement-breakpoint
CREATE TRIGGER "logbook_files_live_deleted" AFTER DELETE ON "logbook_files" REFERENCING OLD TABLE AS "old_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "live_rows_changed"('logbook', 'part_id');--> statement-breakpoint
-- Offers: the lines that carry the coordinator's O lines, when they arrive and when answered.
CREATE FUNCTION "live_offers_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_ids integer[];
BEGIN
  SELECT array_agg("id") INTO v_ids
  FROM (SELECT "id" FROM "new_rows" WHERE "offers" <> '[]'::jsonb LIMIT 201) x;
  PERFORM "live_publish"('offer', v_ids, NULL, NULL);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "logbook_lines_live_offers_inserted" AFTER INSERT ON "logbook_lines" REFERENCING NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "live_offers_changed"();--> statement-breakpoint
CREATE TRIGGER "logbook_lines_live_offers_updated" AFTER UPDATE ON "logbook_lines" REFERENCING NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "live_offers_changed"();--> statement-breakpoint
CREATE TRIGGER "report_runs_live_inserted" AFTER INSERT ON "report_runs" REFERENCING NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "live_rows_changed"('report_run', 'id');--> statement-breakpoint
CREATE TRIGGER "report_runs_live_updated" AFTER UPDATE ON "report_runs" REFERENCING NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "live_rows_changed"('report_run', 'id');--> statement-breakpoint
-- Affectations belong to the flight; the match viewer shows them with the flight's match.
CREATE FUNCTION "live_affectations_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_ids integer[];
BEGIN
  IF TG_OP = 'DELETE' THEN
    SELECT array_agg(m."id") INTO v_ids FROM (SELECT m."id" FROM "matches" m WHERE m."flight_id" IN (SELECT "flight_id" FROM "old_rows") LIMIT 201) m;
  ELSE
    SELECT array_agg(m."id") INTO v_ids FROM (SELECT m."id" FROM "matches" m WHERE m."flight_id" IN (SELECT "flight_id" FROM "new_rows") LIMIT 201) m;
  END IF;
  PERFORM "live_publish"('match', v_ids, NULL, NULL);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "affectations_live_inserted" AFTER INSERT ON "affectations" REFERENCING NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "live_affectations_changed"();--> statement-breakpoint
CREATE TRIGGER "affectations_live_updated" AFTER UPDATE ON "affectations" REFERENCING NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "live_affectations_changed"();--> statement-breakpoint
CREATE TRIGGER "affectations_live_deleted" AFTER DELETE ON "affectations" REFERENCING OLD TABLE AS "old_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "live_affectations_changed"();
