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
