/**
 * The database tables, in Drizzle's TypeScript form. A change here becomes a migration with
 * `npm run db:generate-migration`; the server applies pending migrations at start.
 * Timestamps are `timestamptz` (stored in UTC); calendar dates are `date` (read as strings).
 *
 * One file, not one per concept (issue 33): the tables reference each other by foreign key, so a
 * split would have most files import most others; drizzle-kit and `Database` (`typeof schema`)
 * read one schema; and who owns a table is a matter of who writes it, which no file layout
 * enforces. Each table is written (insert, update, delete) by one concept only; others call that
 * concept's functions (`npx tsx scripts/sql-ownership.ts --owners` lists it from the code):
 * - auth: sessions, login_failures, reset_requests · users: users · account: account_tokens,
 *   user_preferences
 * - seasons: seasons · settings: settings · contacts: contacts · audit: audit_log · mail: outbox
 * - slots: slots, slot_history · flights: flights, flight_delays, flight_delay_evaluations,
 *   affectations · matching: matches · matchViewer: manual_decisions · turnover: turnover_row_cache
 * - drafts: drafts · logbook: logbook_requests, logbook_parts, logbook_lines, logbook_files
 * - loads: data_loads · movements: mvt_pending · termMatches: match_generations
 * - reports: report_templates, report_runs · justifications: justifications, justification_reasons
 * - live: live_events, live_presence · db (the start's seed): roles, airports, delay_codes,
 *   reference_data
 */
import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

/** Binary content (bytea): pg answers a Buffer, PGlite a Uint8Array; both read as a Buffer. */
const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => Buffer.from(value),
  toDriver: (value) => value,
});

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();

/**
 * A resource a person edits (issue 25): its version, bumped by every write, and who made the
 * last change, when. The name is copied, so a 409 still names the person after their account
 * is deleted; null means the system (a start, an import).
 */
const versionColumns = () => ({
  version: integer("version").notNull().default(1),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  updatedBy: integer("updated_by").references((): AnyPgColumn => users.id, { onDelete: "set null" }),
  updatedByName: text("updated_by_name"),
});

export const roles = pgTable("roles", {
  id: serial("id").primaryKey(),
  name: text("name").notNull().unique(),
});

export const users = pgTable(
  "users",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull().default(""),
    lastName: text("last_name").notNull().default(""),
    /** Always stored lower-case, trimmed: e-mail is the sign-in name. */
    email: text("email").notNull(),
    /** Null while the user has not finished registration (pending). */
    passwordHash: text("password_hash"),
    roleId: integer("role_id")
      .notNull()
      .references(() => roles.id),
    isPending: boolean("is_pending").notNull().default(false),
    isBlocked: boolean("is_blocked").notNull().default(false),
    lastLogin: timestamp("last_login", { withTimezone: true }),
    /** Issue 37: the airports this user may see and change; null means every airport. */
    airports: text("airports").array(),
    /** The airport the screens open on for this user; null means the install's default (MEX). */
    defaultAirport: text("default_airport"),
    createdAt: createdAt(),
    ...versionColumns(),
  },
  (table) => [
    uniqueIndex("users_email_unique").on(table.email),
    check("users_email_lower", sql`${table.email} = lower(trim(${table.email}))`),
  ],
);

export const sessions = pgTable(
  "sessions",
  {
    /** SHA-256 of the cookie's token: a stolen database does not give live sessions. */
    id: text("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (table) => [index("sessions_user_id").on(table.userId), index("sessions_expires_at").on(table.expiresAt)],
);

/**
 * Failed sign-ins per client and e-mail (whether or not a user has it, so that throttling behaves
 * the same for unknown addresses and tells an attacker nothing), and per client across e-mails.
 * Shared by every server instance.
 */
export const loginFailures = pgTable("login_failures", {
  /** What is counted: `pair:<client> <e-mail>` (one client's failures for one account) or `client:<client>` (across accounts). */
  key: text("key").primaryKey(),
  failures: integer("failures").notNull().default(0),
  windowStartedAt: timestamp("window_started_at", { withTimezone: true }).notNull().defaultNow(),
  lockedUntil: timestamp("locked_until", { withTimezone: true }),
});

/**
 * Password-reset requests counted per key (`email:<address>` or `ip:<client>`) within a window
 * that opens with the first request, whether or not an account has the address, so that the
 * limit tells nobody which addresses exist. Shared by every server instance; rows of windows
 * long closed are deleted as new requests come.
 */
export const resetRequests = pgTable("reset_requests", {
  key: text("key").primaryKey(),
  requests: integer("requests").notNull().default(0),
  windowStartedAt: timestamp("window_started_at", { withTimezone: true }).notNull().defaultNow(),
});

export const seasons = pgTable(
  "seasons",
  {
    id: serial("id").primaryKey(),
    /** The airport whose register this row belongs to (issue 37): IATA code of an `airports` row. */
    airport: text("airport").notNull().default("MEX"),
    name: text("name").notNull(),
    startDate: date("start_date", { mode: "string" }).notNull(),
    endDate: date("end_date", { mode: "string" }).notNull(),
    /**
     * The season's rule (issue 27 item 1): the usage threshold (%), the punctuality tolerance
     * (minutes either side of the slot) and whether an operation outside it counts as used.
     * Defaults: AICM's rule published in October 2025 (80 %, ±15, outside = not used).
     */
    usageThreshold: integer("usage_threshold").notNull().default(80),
    toleranceMinutes: integer("tolerance_minutes").notNull().default(15),
    outsideCountsAsUsed: boolean("outside_counts_as_used").notNull().default(false),
    /**
     * The guidelines' calendar of the season (WASG), editable: usage is measured on the series
     * as held at the Historics Baseline Date; slots handed back before the Series Return Deadline
     * do not count against the airline. Null: not set (the defaults are filled when a season is
     * created and by migration 0018 for the seasons that existed).
     */
    historicsBaselineDate: date("historics_baseline_date", { mode: "string" }),
    seriesReturnDeadline: date("series_return_deadline", { mode: "string" }),
    initialSubmissionDeadline: date("initial_submission_deadline", { mode: "string" }),
    shlDeadline: date("shl_deadline", { mode: "string" }),
    ...versionColumns(),
  },
  (table) => [
    uniqueIndex("seasons_airport_name").on(table.airport, table.name),
    check("seasons_dates_ordered", sql`${table.endDate} > ${table.startDate}`),
    check("seasons_name_format", sql`${table.name} ~ '^[SW][0-9]{2}$'`),
    check("seasons_usage_threshold", sql`${table.usageThreshold} between 0 and 100`),
    check("seasons_tolerance_minutes", sql`${table.toleranceMinutes} >= 0`),
  ],
);

/**
 * Airports: the list the airline serves (reference data), and among them the ones whose slots the
 * team holds (`active`, issue 37) with their own zone, coordination level and coordinator.
 */
export const airports = pgTable("airports", {
  id: serial("id").primaryKey(),
  code: text("code").notNull().unique(),
  name: text("name").notNull(),
  city: text("city").notNull(),
  country: text("country").notNull(),
  /** IANA zone: the airport's local time on every screen and in its coordinator's messages. */
  timeZone: text("time_zone").notNull().default("America/Mexico_City"),
  /** IATA WSG level: 3 coordinated, 2 facilitated; null when not set. */
  coordinationLevel: smallint("coordination_level"),
  coordinatorEmail: text("coordinator_email"),
  /** The coordinator's SITA Type B address, as text. */
  coordinatorSita: text("coordinator_sita"),
  /** The team holds slots here: its schedule legs, movements and coordinator messages are kept. */
  active: boolean("active").notNull().default(false),
  ...versionColumns(),
});

/**
 * What reference data (roles, airports, seasons, setting defaults, delay codes) the database
 * holds, as a digest of it: a start whose reference data is unchanged writes nothing.
 */
export const referenceData = pgTable("reference_data", {
  name: text("name").primaryKey(),
  digest: text("digest").notNull(),
  appliedAt: timestamp("applied_at", { withTimezone: true }).notNull().defaultNow(),
});

export const settings = pgTable("settings", {
  id: serial("id").primaryKey(),
  name: text("name").notNull().unique(),
  value: jsonb("value").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  updatedBy: integer("updated_by").references(() => users.id, { onDelete: "set null" }),
  /** Issue 25: bumped by every change; the name of who made the last one (null: the system). */
  version: integer("version").notNull().default(1),
  updatedByName: text("updated_by_name"),
});

/**
 * Single-use links sent by e-mail: invitations (48 h) and password resets (60 min). Only the
 * SHA-256 of the token is stored; `used_at` makes the link single-use in one UPDATE.
 */
export const accountTokens = pgTable(
  "account_tokens",
  {
    id: serial("id").primaryKey(),
    tokenHash: text("token_hash").notNull().unique(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    purpose: text("purpose").notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (table) => [
    index("account_tokens_user_id").on(table.userId),
    check("account_tokens_purpose", sql`${table.purpose} in ('invitation', 'reset')`),
  ],
);

/**
 * A person's own screen preferences (issue 36 item 10): the columns of Entrega de turno they hid.
 * Kept per user on the server, so they follow the person to any browser; versioned like every
 * record a person edits.
 */
export const userPreferences = pgTable("user_preferences", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  turnoverHiddenColumns: jsonb("turnover_hidden_columns").$type<string[]>().notNull().default([]),
  /** Issue 37: the airport last chosen in the top bar's picker; null until the person chooses. */
  airport: text("airport"),
  version: integer("version").notNull().default(1),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** The coordinator directory: every SCR and report can be copied to these addresses. */
export const contacts = pgTable(
  "contacts",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    /** Stored lower-case, trimmed. */
    email: text("email").notNull(),
    notes: text("notes").notNull().default(""),
    createdAt: createdAt(),
    ...versionColumns(),
  },
  (table) => [uniqueIndex("contacts_email_unique").on(table.email)],
);

/**
 * What administrators did. The actor's e-mail and the target's label are copied, so an entry
 * still reads right after the user or contact it names is deleted.
 */
export const auditLog = pgTable(
  "audit_log",
  {
    id: serial("id").primaryKey(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    actorId: integer("actor_id").references(() => users.id, { onDelete: "set null" }),
    actorEmail: text("actor_email").notNull(),
    action: text("action").notNull(),
    targetType: text("target_type").notNull(),
    targetId: integer("target_id"),
    targetLabel: text("target_label").notNull(),
    details: jsonb("details").notNull().default({}),
  },
  (table) => [index("audit_log_at").on(table.at)],
);

/**
 * Every e-mail Slotdesk writes. With an SMTP server configured it is delivered before the
 * transaction that wrote it commits (a failed delivery rolls the whole action back); without
 * one it is kept here for an Admin to read.
 */
export const outbox = pgTable(
  "outbox",
  {
    id: serial("id").primaryKey(),
    createdAt: createdAt(),
    purpose: text("purpose").notNull(),
    to: jsonb("to_addresses").$type<string[]>().notNull(),
    cc: jsonb("cc_addresses").$type<string[]>().notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    /** The names of the attached files (their bytes are not kept). */
    attachments: jsonb("attachments").$type<string[]>().notNull().default([]),
    status: text("status").notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (table) => [
    index("outbox_created_at").on(table.createdAt),
    check("outbox_status", sql`${table.status} in ('sent', 'kept')`),
  ],
);

// ---- turnover: slots, flights, matches (seed 000 §4.6, seed 001 §3, §4.1) ---------------------

/** The IATA delay-code catalogue with Spanish descriptions (seeded from DELAY_CODES at start). */
export const delayCodes = pgTable("delay_codes", {
  code: text("code").primaryKey(),
  description: text("description").notNull(),
});

/**
 * The coordinator's slots at MEX, one row per date. Date and time are UTC (SCR values). `serie`
 * numbers the weekly series of a season; `route` is the other station (origin of an arrival,
 * destination of a departure); `frequency` the ISO weekday of `date`.
 */
export const slots = pgTable(
  "slots",
  {
    id: serial("id").primaryKey(),
    /** The airport whose register this row belongs to (issue 37): IATA code of an `airports` row. */
    airport: text("airport").notNull().default("MEX"),
    season: text("season").notNull(),
    serie: integer("serie").notNull(),
    /** Designator with optional suffix: VB1234, VB012A. */
    flightNumber: text("flight_number").notNull(),
    date: date("date", { mode: "string" }).notNull(),
    /** UTC `HH:MM`. */
    time: text("time").notNull(),
    isArrival: boolean("is_arrival").notNull(),
    route: text("route").notNull(),
    frequency: smallint("frequency").notNull(),
    aircraftType: text("aircraft_type").notNull(),
    seats: integer("seats").notNull(),
    serviceType: text("service_type").notNull().default("J"),
    status: text("status").notNull(),
    /**
     * The status the slot had when a request marked it WIP; a refused reply (or the Admin's U)
     * gives it back (issue 12 item 5). Null for a slot never requested.
     */
    statusBeforeRequest: text("status_before_request"),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("slots_date_direction").on(table.date, table.isArrival),
    index("slots_season_serie").on(table.season, table.serie),
    index("slots_airport_date").on(table.airport, table.date, table.isArrival),
    check("slots_time_format", sql`${table.time} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'`),
    check("slots_frequency", sql`${table.frequency} between 1 and 7`),
    check("slots_status", sql`${table.status} in ('D', 'K', 'U', 'ADD', 'CAN', 'WIP', 'S', 'C')`),
  ],
);

/** What happened to a slot: the SCR requests about it and the coordinator's replies. */
export const slotHistory = pgTable(
  "slot_history",
  {
    id: serial("id").primaryKey(),
    slotId: integer("slot_id")
      .notNull()
      .references(() => slots.id, { onDelete: "cascade" }),
    changedAt: timestamp("changed_at", { withTimezone: true }).notNull(),
    reference: integer("reference"),
    part: integer("part"),
    /** Alta, Modificación, Cancelación, Inicio de temporada. */
    requestType: text("request_type").notNull(),
    /** The C line (the slot as held before), when there was one. */
    actualLine: text("actual_line"),
    requestLine: text("request_line"),
    /** The coordinator's reply code (K, KH, U, X, W, H, I, T); null while pending. */
    response: text("response"),
  },
  (table) => [index("slot_history_slot").on(table.slotId, table.changedAt)],
);

/**
 * Flights as the airline's operations system (AIMS) reports them. `date` is AIMS's operation
 * date; `movement_date` the UTC date of the scheduled movement at MEX (STA of an arrival, STD
 * of a departure), which is what matching groups by.
 */
export const flights = pgTable(
  "flights",
  {
    id: serial("id").primaryKey(),
    /** The airport whose register this row belongs to (issue 37): IATA code of an `airports` row. */
    airport: text("airport").notNull().default("MEX"),
    flightNumber: text("flight_number").notNull(),
    date: date("date", { mode: "string" }).notNull(),
    /** Relative to MEX: true for an arrival (L), false for a departure (S). */
    isArrival: boolean("is_arrival").notNull(),
    movementDate: date("movement_date", { mode: "string" }).notNull(),
    origin: text("origin").notNull(),
    destination: text("destination").notNull(),
    scheduledDeparture: timestamp("scheduled_departure", { withTimezone: true }).notNull(),
    scheduledArrival: timestamp("scheduled_arrival", { withTimezone: true }).notNull(),
    estimatedDeparture: timestamp("estimated_departure", { withTimezone: true }),
    estimatedArrival: timestamp("estimated_arrival", { withTimezone: true }),
    actualDeparture: timestamp("actual_departure", { withTimezone: true }),
    actualArrival: timestamp("actual_arrival", { withTimezone: true }),
    /** Who set each actual time ('mvt', 'csv' or 'admin') and when Slotdesk received it; null when unknown. */
    actualDepartureSource: text("actual_departure_source"),
    actualDepartureSourceAt: timestamp("actual_departure_source_at", { withTimezone: true }),
    actualArrivalSource: text("actual_arrival_source"),
    actualArrivalSourceAt: timestamp("actual_arrival_source_at", { withTimezone: true }),
    registration: text("registration"),
    aircraftType: text("aircraft_type"),
    seats: integer("seats"),
    serviceType: text("service_type").notNull().default("J"),
    status: text("status").notNull(),
    cancellationDescription: text("cancellation_description"),
    cancellationTime: timestamp("cancellation_time", { withTimezone: true }),
    /**
     * Set once someone evaluated the flight's delays: from then on flight_delay_evaluations
     * replace AIMS's codes. The evaluation, its observations and the affectations belong to the
     * flight, so they survive separating, assigning and every rematch of its match.
     */
    delaysEvaluatedAt: timestamp("delays_evaluated_at", { withTimezone: true }),
    delayObservations: text("delay_observations").notNull().default(""),
    /**
     * The version of what the match viewer edits for this flight (delay evaluation, observations,
     * affectations, real dates, its pairing), bumped by each of those writes and never by a feed;
     * who made the last of them (full name) and when (issue 25).
     */
    viewerVersion: integer("viewer_version").notNull().default(1),
    viewerUpdatedBy: text("viewer_updated_by"),
    viewerUpdatedAt: timestamp("viewer_updated_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("flights_identity").on(table.airport, table.flightNumber, table.date, table.isArrival),
    index("flights_movement_date").on(table.movementDate, table.isArrival),
    check("flights_status", sql`${table.status} in ('D', 'X', 'E', 'T', 'C', 'N', 'R', 'SC')`),
    check("flights_actual_departure_source", sql`${table.actualDepartureSource} in ('mvt', 'csv', 'admin')`),
    check("flights_actual_arrival_source", sql`${table.actualArrivalSource} in ('mvt', 'csv', 'admin')`),
  ],
);

/** AIMS's own delay codes of a flight (position 1..4), kept as the feed sent them. */
export const flightDelays = pgTable(
  "flight_delays",
  {
    flightId: integer("flight_id")
      .notNull()
      .references(() => flights.id, { onDelete: "cascade" }),
    position: smallint("position").notNull(),
    code: text("code")
      .notNull()
      .references(() => delayCodes.code),
    minutes: integer("minutes").notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.flightId, table.position] }),
    check("flight_delays_position", sql`${table.position} between 1 and 4`),
  ],
);

/**
 * One row per flight–slot pair, per flight without slot and per slot without flight. Rows are
 * replaced by `rematch`, which keeps the id of a pair that persists (drafts and the viewer refer
 * to match ids). The delay evaluation and affectations are the flight's, not the row's.
 */
export const matches = pgTable(
  "matches",
  {
    id: serial("id").primaryKey(),
    /** The airport whose register this row belongs to (issue 37): IATA code of an `airports` row. */
    airport: text("airport").notNull().default("MEX"),
    season: text("season").notNull(),
    /** The slot's UTC date, or the flight's UTC movement date when there is no slot. */
    date: date("date", { mode: "string" }).notNull(),
    isArrival: boolean("is_arrival").notNull(),
    slotId: integer("slot_id").references(() => slots.id, { onDelete: "cascade" }),
    flightId: integer("flight_id").references(() => flights.id, { onDelete: "cascade" }),
    generalStatus: text("general_status").notNull(),
    scheduledDifference: integer("scheduled_difference"),
    realDifference: integer("real_difference"),
    scheduledClass: text("scheduled_class").notNull(),
    realClass: text("real_class").notNull(),
    /** number, time or manual (how the pair was made); null without a pair. */
    source: text("source"),
    isManual: boolean("is_manual").notNull().default(false),
    /** The row's instant for sorting: the slot's, else the flight's scheduled movement. */
    sortAt: timestamp("sort_at", { withTimezone: true }).notNull(),
    /**
     * Bumped by triggers (see migrations 0002 and 0021) whenever the match, its flight, its slot
     * or their delays change: the row cache (`turnoverRowCache`) serves only a row of this version.
     */
    rowVersion: integer("row_version").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("matches_date_direction").on(table.date, table.isArrival),
    // The turnover's order, so a date range is read in order without sorting.
    index("matches_turnover_order").on(table.airport, table.date, table.sortAt, table.isArrival.desc(), table.slotId, table.flightId),
    uniqueIndex("matches_slot_unique").on(table.slotId).where(sql`${table.slotId} is not null`),
    uniqueIndex("matches_flight_unique").on(table.flightId).where(sql`${table.flightId} is not null`),
    check("matches_has_side", sql`${table.slotId} is not null or ${table.flightId} is not null`),
    check("matches_general_status", sql`${table.generalStatus} in ('X', 'A', 'CA', 'AH', 'D', 'S', 'DIFF', 'OK')`),
  ],
);

/**
 * The turnover row cache: each match's TurnoverRow JSON as of `row_version` (src/server/turnover/rows.ts).
 * A narrow table of its own, apart from `matches`: a fill inserts here and never rewrites the wide
 * match rows and their indexes, and a row whose version is not the match's is simply not served.
 * No foreign key (its check would lock each match row); a trigger deletes the rows of deleted matches.
 */
export const turnoverRowCache = pgTable("turnover_row_cache", {
  matchId: integer("match_id").primaryKey(),
  rowVersion: integer("row_version").notNull(),
  json: text("j").notNull(),
});

/** The team's delay evaluation of a flight (seed 001 §3): at most four causes, positions 1..4. */
export const flightDelayEvaluations = pgTable(
  "flight_delay_evaluations",
  {
    flightId: integer("flight_id")
      .notNull()
      .references(() => flights.id, { onDelete: "cascade" }),
    position: smallint("position").notNull(),
    code: text("code")
      .notNull()
      .references(() => delayCodes.code),
    minutes: integer("minutes").notNull(),
    cause: text("cause").notNull().default(""),
  },
  (table) => [
    primaryKey({ columns: [table.flightId, table.position] }),
    check("flight_delay_evaluations_position", sql`${table.position} between 1 and 4`),
  ],
);

/** A user's decision in the match viewer; read oldest first by every rematch, never undone. */
export const manualDecisions = pgTable(
  "manual_decisions",
  {
    id: serial("id").primaryKey(),
    kind: text("kind").notNull(),
    flightId: integer("flight_id")
      .notNull()
      .references(() => flights.id, { onDelete: "cascade" }),
    slotId: integer("slot_id")
      .notNull()
      .references(() => slots.id, { onDelete: "cascade" }),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("manual_decisions_flight").on(table.flightId),
    index("manual_decisions_slot").on(table.slotId),
    check("manual_decisions_kind", sql`${table.kind} in ('separated', 'assigned')`),
  ],
);

/** What a flight's delays affected: one row per delay code, with a number and observations. */
export const affectations = pgTable(
  "affectations",
  {
    id: serial("id").primaryKey(),
    flightId: integer("flight_id")
      .notNull()
      .references(() => flights.id, { onDelete: "cascade" }),
    code: text("code").notNull(),
    date: date("date", { mode: "string" }).notNull(),
    affectation: text("affectation").notNull(),
    affectationNumber: integer("affectation_number").notNull().default(0),
    observations: text("observations").notNull().default(""),
  },
  (table) => [uniqueIndex("affectations_flight_code").on(table.flightId, table.code)],
);

/**
 * Each user's drafts of SCR requests (seed 000 §3): altas, modificaciones and cancelaciones, as
 * the contract's `Drafts` sections. One row per user; it goes with the user.
 */
export const drafts = pgTable("drafts", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  newSlotData: jsonb("new_slot_data").notNull(),
  modificationData: jsonb("modification_data").notNull(),
  cancellationData: jsonb("cancellation_data").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  /** Bumped by every save, emptying or send of the drafts; who did it (full name; issue 25). */
  version: integer("version").notNull().default(1),
  updatedBy: text("updated_by"),
  /** The airport the drafts are for (issue 37), as they are for one season: MEX's before. */
  airport: text("airport").notNull().default("MEX"),
});

// ---- logbook: the SCR requests sent or uploaded, with their parts and lines (seed 002 §3) ------

/**
 * One request per season and reference. UNIQUE(season_id, reference) is what settles two
 * simultaneous sends with one reference: one commits, the other gets a unique violation (409).
 * The responsible's name is copied so the row still reads right after the user is deleted.
 */
export const logbookRequests = pgTable(
  "logbook_requests",
  {
    id: serial("id").primaryKey(),
    seasonId: integer("season_id")
      .notNull()
      .references(() => seasons.id),
    reference: integer("reference").notNull(),
    /** 1 inicio de temporada, 2 altas, 3 cancelación, 4 modificación. */
    type: smallint("type").notNull(),
    airport: text("airport").notNull(),
    responsibleId: integer("responsible_id").references(() => users.id, { onDelete: "set null" }),
    responsibleName: text("responsible_name"),
    requestDate: timestamp("request_date", { withTimezone: true }).notNull(),
    responseDate: timestamp("response_date", { withTimezone: true }),
    commentary: text("commentary"),
    tracing: text("tracing"),
    si: text("si").notNull().default(""),
    gi: text("gi").notNull().default(""),
    /** The reason of a cancellation (delay-code catalogue). */
    delayCode: text("delay_code").references(() => delayCodes.code),
    /** Bumped by every change of its commentary, tracing or a line's K/U; who made the last one and when (issue 25). */
    version: integer("version").notNull().default(1),
    updatedBy: text("updated_by"),
    updatedAt: timestamp("updated_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex("logbook_requests_season_reference").on(table.seasonId, table.reference),
    check("logbook_requests_reference", sql`${table.reference} > 0`),
    check("logbook_requests_type", sql`${table.type} between 1 and 4`),
  ],
);

/** A part of a request: the message as e-mailed (request) and the coordinator's reply (response). */
export const logbookParts = pgTable(
  "logbook_parts",
  {
    id: serial("id").primaryKey(),
    requestId: integer("request_id")
      .notNull()
      .references(() => logbookRequests.id, { onDelete: "cascade" }),
    partNumber: integer("part_number").notNull(),
    requestText: text("request_text"),
    responseText: text("response_text"),
  },
  (table) => [
    uniqueIndex("logbook_parts_request_part").on(table.requestId, table.partNumber),
    check("logbook_parts_part_number", sql`${table.partNumber} > 0`),
  ],
);

/**
 * The official letters (PDF) of a part: the airline's request letter and the coordinator's reply
 * letter, at most one of each, stored with the part (they commit, roll back and back up with it).
 * The request and response text files are the part's `request_text` and `response_text`.
 */
export const logbookFiles = pgTable(
  "logbook_files",
  {
    id: serial("id").primaryKey(),
    partId: integer("part_id")
      .notNull()
      .references(() => logbookParts.id, { onDelete: "cascade" }),
    /** true: the request's letter (Oficio Solicitud); false: the reply's (Oficio Respuesta). */
    isRequest: boolean("is_request").notNull(),
    /** The name the file was uploaded with (kept for the audit; downloads use seed 002 §9 names). */
    fileName: text("file_name").notNull(),
    content: bytea("content").notNull(),
    uploadedBy: integer("uploaded_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex("logbook_files_part_kind").on(table.partId, table.isRequest)],
);

/** A data line of a part: the C line (actual), the N/R/L/D line (request) and the reply code. */
export const logbookLines = pgTable(
  "logbook_lines",
  {
    id: serial("id").primaryKey(),
    partId: integer("part_id")
      .notNull()
      .references(() => logbookParts.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    slotId: integer("slot_id").references(() => slots.id, { onDelete: "set null" }),
    actual: text("actual"),
    request: text("request"),
    response: text("response"),
    /**
     * The coordinator's `O` lines for this line (SSIM Ch. 6: offered instead of what was asked),
     * as received. Kept until answered with A, P or Z (issue 12 item 6); none acts on them alone.
     */
    offers: jsonb("offers").$type<string[]>().notNull().default([]),
    /** Answer the offers by this date (3 working days from the reply unless it says otherwise). */
    offersDeadline: date("offers_deadline", { mode: "string" }),
    /** How the airline answered the offers: A accept, P accept and keep pending, Z decline. */
    offerAnswer: text("offer_answer"),
    /** The request that carried the answer (an SCR sent through the send flow). */
    offerAnswerRequestId: integer("offer_answer_request_id").references(() => logbookRequests.id, {
      onDelete: "set null",
    }),
  },
  (table) => [
    uniqueIndex("logbook_lines_part_position").on(table.partId, table.position),
    index("logbook_lines_slot").on(table.slotId),
    check("logbook_lines_offer_answer", sql`${table.offerAnswer} in ('A', 'P', 'Z')`),
  ],
);

/**
 * A medium- or short-term matches generation (seed 002 §3 "Match record", issue 15 item 3): the
 * planned flights of a range compared with its slots. `resultCsv` is the result file (null when
 * generated with write_file false); the counts are its summary. One generation per kind and range.
 */
export const matchGenerations = pgTable(
  "match_generations",
  {
    id: serial("id").primaryKey(),
    /** The airport whose register this row belongs to (issue 37): IATA code of an `airports` row. */
    airport: text("airport").notNull().default("MEX"),
    kind: text("kind").notNull(),
    /** The season of the start date, for the list's season filter. */
    season: text("season").notNull(),
    startDate: date("start_date", { mode: "string" }).notNull(),
    endDate: date("end_date", { mode: "string" }).notNull(),
    computed: boolean("computed").notNull(),
    flights: integer("flights").notNull(),
    slots: integer("slots").notNull(),
    paired: integer("paired").notNull(),
    withoutSlot: integer("without_slot").notNull(),
    leftoverSlots: integer("leftover_slots").notNull(),
    offSlot: integer("off_slot").notNull(),
    resultCsv: text("result_csv"),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex("match_generations_range").on(table.airport, table.kind, table.startDate, table.endDate),
    index("match_generations_season").on(table.season),
    check("match_generations_kind", sql`${table.kind} in ('medium', 'short')`),
    check("match_generations_dates", sql`${table.endDate} >= ${table.startDate}`),
  ],
);

// ---- reports: send settings and every send (seed 001 §2.7, §2.8, §3; issue 14) ------------------

/**
 * A report's send settings (seed 001 §3 'Report settings'): `frequency` sends a day at the
 * `schedule` times (`HH:MM`) read in `timezone` (`zulu` UTC, `local` Mexico City), to the contact
 * `send_to`. One row per report (its server name).
 */
export const reportTemplates = pgTable(
  "report_templates",
  {
    reportName: text("report_name").notNull(),
    /** Issue 37: one schedule per report and airport (existing rows MEX). */
    airport: text("airport").notNull().default("MEX"),
    frequency: smallint("frequency").notNull(),
    schedule: jsonb("schedule").$type<string[]>().notNull(),
    timezone: text("timezone").notNull(),
    sendTo: integer("send_to").references(() => contacts.id, { onDelete: "set null" }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
    updatedBy: integer("updated_by").references(() => users.id, { onDelete: "set null" }),
    updatedByEmail: text("updated_by_email"),
    /** Issue 25: bumped by every save; the full name of who saved last. */
    version: integer("version").notNull().default(1),
    updatedByName: text("updated_by_name"),
  },
  (table) => [
    primaryKey({ columns: [table.reportName, table.airport] }),
    check("report_templates_frequency", sql`${table.frequency} between 1 and 3`),
    check("report_templates_timezone", sql`${table.timezone} in ('zulu', 'local')`),
  ],
);

/**
 * Every send of a report, manual or scheduled. A scheduled run is claimed by inserting its row:
 * the unique key (report, airport, scheduled time) lets exactly one server instance win it, however many
 * run and however often they restart. Manual runs have no scheduled time (nulls never collide).
 */
export const reportRuns = pgTable(
  "report_runs",
  {
    id: serial("id").primaryKey(),
    reportName: text("report_name").notNull(),
    /** Issue 37: the airport the report covers (existing rows MEX); part of the claim. */
    airport: text("airport").notNull().default("MEX"),
    trigger: text("trigger").notNull(),
    scheduledFor: timestamp("scheduled_for", { withTimezone: true }),
    requestedBy: integer("requested_by").references(() => users.id, { onDelete: "set null" }),
    requestedByEmail: text("requested_by_email"),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
    rangeStart: date("range_start", { mode: "string" }).notNull(),
    rangeEnd: date("range_end", { mode: "string" }).notNull(),
    timeZone: text("time_zone").notNull(),
    to: jsonb("to_addresses").$type<string[]>().notNull(),
    cc: jsonb("cc_addresses").$type<string[]>().notNull(),
    fileName: text("file_name"),
    status: text("status").notNull(),
    detail: text("detail"),
    outboxId: integer("outbox_id").references(() => outbox.id, { onDelete: "set null" }),
  },
  (table) => [
    uniqueIndex("report_runs_schedule_claim").on(table.reportName, table.airport, table.scheduledFor),
    index("report_runs_started_at").on(table.startedAt),
    check("report_runs_trigger", sql`${table.trigger} in ('manual', 'schedule')`),
    check(
      "report_runs_status",
      sql`${table.status} in ('sending', 'sent', 'kept', 'failed', 'no_data', 'skipped')`,
    ),
  ],
);

/**
 * Every data load (Cargas de datos, issue 22): a schedule (SSIM Chapter 7) or flights (CSV) file
 * from a person, the feed folder or a command, with its original bytes, what it changed, its
 * problems and the lines it left out, so nothing loaded or skipped is lost. A feed file is claimed
 * by its content hash: the partial unique index lets exactly one server instance load it, once,
 * however many watch the folder and however often they restart.
 */
export const dataLoads = pgTable(
  "data_loads",
  {
    id: serial("id").primaryKey(),
    kind: text("kind").notNull(),
    source: text("source").notNull(),
    fileName: text("file_name").notNull(),
    contentHash: text("content_hash").notNull(),
    content: bytea("content").notNull(),
    status: text("status").notNull(),
    loadedBy: integer("loaded_by").references(() => users.id, { onDelete: "set null" }),
    /** The loader's name when it was loaded (kept if the user is later deleted). */
    loadedByName: text("loaded_by_name"),
    counts: jsonb("counts").$type<{ lines: number; new: number; changed: number; unchanged: number; skipped: number; pending?: number }>().notNull(),
    rematchDates: jsonb("rematch_dates").$type<string[]>().notNull(),
    warnings: integer("warnings").notNull(),
    errors: integer("errors").notNull(),
    problems: jsonb("problems").$type<unknown[]>().notNull(),
    /** The lines left out for their errors, each after a comment with its line and reason. */
    skippedText: text("skipped_text"),
    message: text("message"),
    /**
     * A feed file's drop (its inode, modification time and size with its content hash): every
     * record of one drop carries it, so several instances seeing the same drop record it once.
     */
    dropKey: text("drop_key"),
    createdAt: createdAt(),
  },
  (table) => [
    // The feed's claim of a content: one loaded (or refused) record per content; a later drop of
    // the same content is recorded as `unchanged`, once per drop.
    uniqueIndex("data_loads_feed_claim").on(table.contentHash).where(sql`${table.source} = 'feed' and ${table.status} <> 'unchanged'`),
    uniqueIndex("data_loads_drop_key").on(table.dropKey),
    index("data_loads_created_at").on(table.createdAt),
    check("data_loads_kind", sql`${table.kind} in ('schedule', 'flights', 'mvt')`),
    check("data_loads_source", sql`${table.source} in ('web', 'feed', 'cli')`),
    check("data_loads_status", sql`${table.status} in ('applied', 'refused', 'unchanged')`),
  ],
);

/**
 * Movement messages (MVT) for a flight Slotdesk does not know yet (issue 23): kept with their load
 * and applied, then deleted, when a later schedule or flights load brings the flight. `message_key`
 * (a hash of what the message says) keeps the same message from being kept twice.
 */
export const mvtPending = pgTable(
  "mvt_pending",
  {
    id: serial("id").primaryKey(),
    /** The airport whose register this row belongs to (issue 37): IATA code of an `airports` row. */
    airport: text("airport").notNull().default("MEX"),
    flightNumber: text("flight_number").notNull(),
    isArrival: boolean("is_arrival").notNull(),
    /** Day of month of the flight's scheduled departure (UTC), as the message gives it. */
    day: smallint("day").notNull(),
    message: jsonb("message").notNull(),
    messageKey: text("message_key").notNull(),
    loadId: integer("load_id").references(() => dataLoads.id, { onDelete: "set null" }),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex("mvt_pending_message").on(table.messageKey),
    index("mvt_pending_flight").on(table.flightNumber, table.isArrival, table.day),
    check("mvt_pending_day", sql`${table.day} between 1 and 31`),
  ],
);

// ---- live updates (issue 25 items 2 and 3) ------------------------------------------------------

/**
 * What changed, for the browsers' live updates: one row per statement that changed matches,
 * slots, flights, drafts, the logbook, offers or report runs, written by the triggers of migration
 * 0017 in the same transaction and announced with NOTIFY when it commits. Only kinds and ids: a
 * browser reads what it may through the usual operations. Kept about an hour for `Last-Event-ID`
 * catch-up (src/server/live).
 */
export const liveEvents = pgTable(
  "live_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    /** match, slot, flight, draft, logbook, offer, report_run. */
    kind: text("kind").notNull(),
    /** The ids changed (draft: the owners' user ids; logbook: part ids; offer: line ids); null = many. */
    ids: integer("ids").array(),
    /** For matches: the first and last UTC dates the changed rows are on. */
    firstDate: date("first_date", { mode: "string" }),
    lastDate: date("last_date", { mode: "string" }),
    /** Who made the change, when the write said so (the audit record, the draft's owner). */
    actorId: integer("actor_id"),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    /** The writing transaction, so a later statement of it can name the actor. */
    txid: bigint("txid", { mode: "number" }).notNull(),
  },
  (table) => [index("live_events_at").on(table.at), index("live_events_txid").on(table.txid)],
);

/**
 * Who is here: one row per open event stream (a signed-in browser tab), with the match it has
 * open, refreshed by its server instance every few seconds; a row not refreshed for a minute is
 * a stream whose instance died, and is ignored.
 */
export const livePresence = pgTable(
  "live_presence",
  {
    streamId: text("stream_id").primaryKey(),
    instanceId: text("instance_id").notNull(),
    sessionId: text("session_id").notNull(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    matchId: integer("match_id"),
    seenAt: timestamp("seen_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("live_presence_session").on(table.sessionId), index("live_presence_seen").on(table.seenAt)],
);

/**
 * The reasons a non-use or an off-tolerance operation may be justified with (issue 27 item 2):
 * the categories coordinators accept, kept as data and editable by Admin. `delay_codes` are the
 * IATA delay codes that propose this reason (a person confirms it).
 */
export const justificationReasons = pgTable("justification_reasons", {
  id: serial("id").primaryKey(),
  code: text("code").notNull().unique(),
  label: text("label").notNull(),
  delayCodes: text("delay_codes").array().notNull().default(sql`'{}'::text[]`),
  active: boolean("active").notNull().default(true),
  position: integer("position").notNull().default(0),
  ...versionColumns(),
});

/**
 * A slot's justification (issue 27 item 2): a cancelled or unused slot (`not_used`) or an
 * operation outside the season's tolerance (`off_tolerance`), with its reason, a note and an
 * optional PDF. A justified slot counts as used. One per slot.
 */
export const justifications = pgTable(
  "justifications",
  {
    id: serial("id").primaryKey(),
    slotId: integer("slot_id")
      .notNull()
      .references(() => slots.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    reasonId: integer("reason_id")
      .notNull()
      .references(() => justificationReasons.id),
    note: text("note").notNull().default(""),
    /** The delay code that proposed the reason, when the person confirmed a proposal. */
    proposedByCode: text("proposed_by_code"),
    fileName: text("file_name"),
    fileContent: bytea("file_content"),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    createdByName: text("created_by_name"),
    createdAt: createdAt(),
    ...versionColumns(),
  },
  (table) => [
    uniqueIndex("justifications_slot").on(table.slotId),
    check("justifications_kind", sql`${table.kind} in ('not_used', 'off_tolerance')`),
  ],
);
