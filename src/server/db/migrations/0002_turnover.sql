CREATE TABLE "affectations" (
	"id" serial PRIMARY KEY NOT NULL,
	"match_id" integer NOT NULL,
	"code" text NOT NULL,
	"date" date NOT NULL,
	"affectation" text NOT NULL,
	"affectation_number" integer DEFAULT 0 NOT NULL,
	"observations" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "delay_codes" (
	"code" text PRIMARY KEY NOT NULL,
	"description" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "flight_delays" (
	"flight_id" integer NOT NULL,
	"position" smallint NOT NULL,
	"code" text NOT NULL,
	"minutes" integer NOT NULL,
	CONSTRAINT "flight_delays_flight_id_position_pk" PRIMARY KEY("flight_id","position"),
	CONSTRAINT "flight_delays_position" CHECK ("flight_delays"."position" between 1 and 4)
);
--> statement-breakpoint
CREATE TABLE "flights" (
	"id" serial PRIMARY KEY NOT NULL,
	"flight_number" text NOT NULL,
	"date" date NOT NULL,
	"is_arrival" boolean NOT NULL,
	"movement_date" date NOT NULL,
	"origin" text NOT NULL,
	"destination" text NOT NULL,
	"scheduled_departure" timestamp with time zone NOT NULL,
	"scheduled_arrival" timestamp with time zone NOT NULL,
	"estimated_departure" timestamp with time zone,
	"estimated_arrival" timestamp with time zone,
	"actual_departure" timestamp with time zone,
	"actual_arrival" timestamp with time zone,
	"registration" text,
	"aircraft_type" text,
	"seats" integer,
	"service_type" text DEFAULT 'J' NOT NULL,
	"status" text NOT NULL,
	"cancellation_description" text,
	"cancellation_time" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "flights_status" CHECK ("flights"."status" in ('D', 'X', 'E', 'T', 'C', 'N', 'R', 'SC'))
);
--> statement-breakpoint
CREATE TABLE "manual_decisions" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"flight_id" integer NOT NULL,
	"slot_id" integer NOT NULL,
	"user_id" integer,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "manual_decisions_kind" CHECK ("manual_decisions"."kind" in ('separated', 'assigned'))
);
--> statement-breakpoint
CREATE TABLE "match_delays" (
	"match_id" integer NOT NULL,
	"position" smallint NOT NULL,
	"code" text NOT NULL,
	"minutes" integer NOT NULL,
	"cause" text DEFAULT '' NOT NULL,
	CONSTRAINT "match_delays_match_id_position_pk" PRIMARY KEY("match_id","position"),
	CONSTRAINT "match_delays_position" CHECK ("match_delays"."position" between 1 and 4)
);
--> statement-breakpoint
CREATE TABLE "matches" (
	"id" serial PRIMARY KEY NOT NULL,
	"season" text NOT NULL,
	"date" date NOT NULL,
	"is_arrival" boolean NOT NULL,
	"slot_id" integer,
	"flight_id" integer,
	"general_status" text NOT NULL,
	"scheduled_difference" integer,
	"real_difference" integer,
	"scheduled_class" text NOT NULL,
	"real_class" text NOT NULL,
	"source" text,
	"is_manual" boolean DEFAULT false NOT NULL,
	"observations" text DEFAULT '' NOT NULL,
	"evaluated_at" timestamp with time zone,
	"sort_at" timestamp with time zone NOT NULL,
	"row_json" text,
	"row_version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "matches_has_side" CHECK ("matches"."slot_id" is not null or "matches"."flight_id" is not null),
	CONSTRAINT "matches_general_status" CHECK ("matches"."general_status" in ('X', 'A', 'CA', 'AH', 'D', 'S', 'DIFF'))
);
--> statement-breakpoint
CREATE TABLE "slot_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"slot_id" integer NOT NULL,
	"changed_at" timestamp with time zone NOT NULL,
	"reference" integer,
	"part" integer,
	"request_type" text NOT NULL,
	"actual_line" text,
	"request_line" text,
	"response" text
);
--> statement-breakpoint
CREATE TABLE "slots" (
	"id" serial PRIMARY KEY NOT NULL,
	"season" text NOT NULL,
	"serie" integer NOT NULL,
	"flight_number" text NOT NULL,
	"date" date NOT NULL,
	"time" text NOT NULL,
	"is_arrival" boolean NOT NULL,
	"route" text NOT NULL,
	"frequency" smallint NOT NULL,
	"aircraft_type" text NOT NULL,
	"seats" integer NOT NULL,
	"service_type" text DEFAULT 'J' NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "slots_time_format" CHECK ("slots"."time" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
	CONSTRAINT "slots_frequency" CHECK ("slots"."frequency" between 1 and 7),
	CONSTRAINT "slots_status" CHECK ("slots"."status" in ('D', 'K', 'U', 'ADD', 'CAN', 'WIP', 'S', 'C'))
);
--> statement-breakpoint
ALTER TABLE "affectations" ADD CONSTRAINT "affectations_match_id_matches_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."matches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flight_delays" ADD CONSTRAINT "flight_delays_flight_id_flights_id_fk" FOREIGN KEY ("flight_id") REFERENCES "public"."flights"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flight_delays" ADD CONSTRAINT "flight_delays_code_delay_codes_code_fk" FOREIGN KEY ("code") REFERENCES "public"."delay_codes"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "manual_decisions" ADD CONSTRAINT "manual_decisions_flight_id_flights_id_fk" FOREIGN KEY ("flight_id") REFERENCES "public"."flights"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "manual_decisions" ADD CONSTRAINT "manual_decisions_slot_id_slots_id_fk" FOREIGN KEY ("slot_id") REFERENCES "public"."slots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "manual_decisions" ADD CONSTRAINT "manual_decisions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "match_delays" ADD CONSTRAINT "match_delays_match_id_matches_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."matches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "match_delays" ADD CONSTRAINT "match_delays_code_delay_codes_code_fk" FOREIGN KEY ("code") REFERENCES "public"."delay_codes"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "matches" ADD CONSTRAINT "matches_slot_id_slots_id_fk" FOREIGN KEY ("slot_id") REFERENCES "public"."slots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "matches" ADD CONSTRAINT "matches_flight_id_flights_id_fk" FOREIGN KEY ("flight_id") REFERENCES "public"."flights"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "slot_history" ADD CONSTRAINT "slot_history_slot_id_slots_id_fk" FOREIGN KEY ("slot_id") REFERENCES "public"."slots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "affectations_match_code" ON "affectations" USING btree ("match_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "flights_identity" ON "flights" USING btree ("flight_number","date","is_arrival");--> statement-breakpoint
CREATE INDEX "flights_movement_date" ON "flights" USING btree ("movement_date","is_arrival");--> statement-breakpoint
CREATE INDEX "manual_decisions_flight" ON "manual_decisions" USING btree ("flight_id");--> statement-breakpoint
CREATE INDEX "manual_decisions_slot" ON "manual_decisions" USING btree ("slot_id");--> statement-breakpoint
CREATE INDEX "matches_date_direction" ON "matches" USING btree ("date","is_arrival");--> statement-breakpoint
CREATE INDEX "matches_turnover_order" ON "matches" USING btree ("date","sort_at","is_arrival" DESC NULLS LAST,"slot_id","flight_id");--> statement-breakpoint
CREATE INDEX "matches_row_stale" ON "matches" USING btree ("date") WHERE "matches"."row_json" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "matches_slot_unique" ON "matches" USING btree ("slot_id") WHERE "matches"."slot_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "matches_flight_unique" ON "matches" USING btree ("flight_id") WHERE "matches"."flight_id" is not null;--> statement-breakpoint
CREATE INDEX "slot_history_slot" ON "slot_history" USING btree ("slot_id","changed_at");--> statement-breakpoint
CREATE INDEX "slots_date_direction" ON "slots" USING btree ("date","is_arrival");--> statement-breakpoint
CREATE INDEX "slots_season_serie" ON "slots" USING btree ("season","serie");--> statement-breakpoint
-- Hand-written (not generated from schema.ts): the turnover row cache.
-- matches.row_json holds each row's TurnoverRow JSON, filled by the turnover read. Any change to
-- a match, its flight, its slot or their delay codes empties it and bumps row_version, so a fill
-- computed from an older snapshot (a concurrent read) cannot overwrite the newer state.
CREATE FUNCTION "turnover_match_row_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Only the read's fill turns an empty cache into a value, at the same version.
  IF NOT (OLD.row_json IS NULL AND NEW.row_json IS NOT NULL AND NEW.row_version = OLD.row_version) THEN
    NEW.row_json := NULL;
    NEW.row_version := OLD.row_version + 1;
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "matches_row_changed" BEFORE UPDATE ON "matches"
  FOR EACH ROW EXECUTE FUNCTION "turnover_match_row_changed"();--> statement-breakpoint
CREATE FUNCTION "turnover_flights_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "matches" SET "row_json" = NULL WHERE "flight_id" IN (SELECT "id" FROM "changed_rows");
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "flights_row_changed" AFTER UPDATE ON "flights" REFERENCING NEW TABLE AS "changed_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "turnover_flights_changed"();--> statement-breakpoint
CREATE FUNCTION "turnover_slots_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "matches" SET "row_json" = NULL WHERE "slot_id" IN (SELECT "id" FROM "changed_rows");
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "slots_row_changed" AFTER UPDATE ON "slots" REFERENCING NEW TABLE AS "changed_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "turnover_slots_changed"();--> statement-breakpoint
CREATE FUNCTION "turnover_flight_delays_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE "matches" SET "row_json" = NULL WHERE "flight_id" IN (SELECT "flight_id" FROM "new_rows");
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE "matches" SET "row_json" = NULL WHERE "flight_id" IN (SELECT "flight_id" FROM "old_rows");
  ELSE
    UPDATE "matches" SET "row_json" = NULL
    WHERE "flight_id" IN (SELECT "flight_id" FROM "new_rows" UNION SELECT "flight_id" FROM "old_rows");
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "flight_delays_inserted" AFTER INSERT ON "flight_delays" REFERENCING NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "turnover_flight_delays_changed"();--> statement-breakpoint
CREATE TRIGGER "flight_delays_updated" AFTER UPDATE ON "flight_delays" REFERENCING NEW TABLE AS "new_rows" OLD TABLE AS "old_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "turnover_flight_delays_changed"();--> statement-breakpoint
CREATE TRIGGER "flight_delays_deleted" AFTER DELETE ON "flight_delays" REFERENCING OLD TABLE AS "old_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "turnover_flight_delays_changed"();--> statement-breakpoint
CREATE FUNCTION "turnover_match_delays_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE "matches" SET "row_json" = NULL WHERE "id" IN (SELECT "match_id" FROM "new_rows");
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE "matches" SET "row_json" = NULL WHERE "id" IN (SELECT "match_id" FROM "old_rows");
  ELSE
    UPDATE "matches" SET "row_json" = NULL
    WHERE "id" IN (SELECT "match_id" FROM "new_rows" UNION SELECT "match_id" FROM "old_rows");
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "match_delays_inserted" AFTER INSERT ON "match_delays" REFERENCING NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "turnover_match_delays_changed"();--> statement-breakpoint
CREATE TRIGGER "match_delays_updated" AFTER UPDATE ON "match_delays" REFERENCING NEW TABLE AS "new_rows" OLD TABLE AS "old_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "turnover_match_delays_changed"();--> statement-breakpoint
CREATE TRIGGER "match_delays_deleted" AFTER DELETE ON "match_delays" REFERENCING OLD TABLE AS "old_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "turnover_match_delays_changed"();
