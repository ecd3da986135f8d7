/**
 * The database tables, in Drizzle's TypeScript form. A change here becomes a migration with
 * `npm run db:generate-migration`; the server applies pending migrations at start.
 * Timestamps are `timestamptz` (stored in UTC); calendar dates are `date` (read as strings).
 */
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();

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
    createdAt: createdAt(),
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
 * Failed sign-ins per e-mail, whether or not a user has it, so that throttling behaves the same
 * for unknown addresses and tells an attacker nothing. Shared by every server instance.
 */
export const loginFailures = pgTable("login_failures", {
  email: text("email").primaryKey(),
  failures: integer("failures").notNull().default(0),
  windowStartedAt: timestamp("window_started_at", { withTimezone: true }).notNull().defaultNow(),
  lockedUntil: timestamp("locked_until", { withTimezone: true }),
});

export const seasons = pgTable(
  "seasons",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull().unique(),
    startDate: date("start_date", { mode: "string" }).notNull(),
    endDate: date("end_date", { mode: "string" }).notNull(),
  },
  (table) => [
    check("seasons_dates_ordered", sql`${table.endDate} > ${table.startDate}`),
    check("seasons_name_format", sql`${table.name} ~ '^[SW][0-9]{2}$'`),
  ],
);

export const airports = pgTable("airports", {
  id: serial("id").primaryKey(),
  code: text("code").notNull().unique(),
  name: text("name").notNull(),
  city: text("city").notNull(),
  country: text("country").notNull(),
});

export const settings = pgTable("settings", {
  id: serial("id").primaryKey(),
  name: text("name").notNull().unique(),
  value: jsonb("value").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  updatedBy: integer("updated_by").references(() => users.id, { onDelete: "set null" }),
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
    status: text("status").notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (table) => [
    index("outbox_created_at").on(table.createdAt),
    check("outbox_status", sql`${table.status} in ('sent', 'kept')`),
  ],
);
