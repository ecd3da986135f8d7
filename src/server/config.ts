/**
 * Server configuration from the environment, read once at start. Every variable is listed in
 * the README; a wrong value stops the server with a message rather than running half-configured.
 */
import { resolve } from "node:path";

export interface ServerConfig {
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  /** Directory of the built browser app; served when it exists. */
  staticDir: string;
  /** Base URLs the browser uses for the main API and the task service ("" = same origin). */
  publicApiBaseUrl: string;
  publicTaskBaseUrl: string;
  /** Trust X-Forwarded-* from a reverse proxy (needed for Secure cookies behind HTTPS). */
  trustProxy: boolean;
  sessionHours: number;
  logLevel: string;
  /** log2 of scrypt's cost N for new password hashes (17 = OWASP's recommendation). */
  scryptLog2N: number;
  /** SMTP server for outgoing e-mail (`smtp://user:pass@host:port`); unset = keep in the outbox. */
  smtpUrl: string | undefined;
  /** The From address of every e-mail. */
  mailFrom: string;
  /**
   * The team's address on the SCR's creator line (`SCR_CREATOR`); null: MAIL_FROM's address when
   * MAIL_FROM was set, else no creator line (requests/envelope.ts, scrCreator).
   */
  scrCreator: string | null;
  /**
   * The address people open Slotdesk at, for the links in e-mails. Never taken from the request's
   * Host header: a forged header would send reset links to someone else's site.
   */
  publicAppUrl: string;
  /** The feed folder this instance watches (issue 22 item 6); unset = no feed. */
  feedsDir: string | undefined;
  /** How long a dropped file's size must stay unchanged before it is loaded (ms). */
  feedsSettleMs: number;
}

/** MAIL_FROM when it is not set: an address nobody reads, never put on an SCR. */
export const DEFAULT_MAIL_FROM = "Slotdesk <slotdesk@localhost>";

function scrCreatorOf(value: string | undefined): string | null {
  const address = value?.trim() ?? "";
  if (address === "") return null;
  if (!/^[^\s@/]+@[^\s@/]+\.[^\s@/]+$/.test(address)) throw new Error(`SCR_CREATOR must be an e-mail address (the team's); got "${value}"`);
  return address;
}

function integer(name: string, value: string | undefined, fallback: number, min: number, max: number): number {
  if (value === undefined || value === "") return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < min || parsed > max) {
    throw new Error(`${name} must be an integer from ${min} to ${max}; got "${value}"`);
  }
  return parsed;
}

function publicAppUrl(env: NodeJS.ProcessEnv): string {
  const value = env.PUBLIC_APP_URL || `http://localhost:${env.PORT || 8080}`;
  if (!/^https?:\/\/[^/\s]+/.test(value)) throw new Error(`PUBLIC_APP_URL must be an http(s) URL; got "${value}"`);
  return value.replace(/\/+$/, "");
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  return {
    port: integer("PORT", env.PORT, 8080, 0, 65535),
    host: env.HOST || "127.0.0.1",
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: resolve(env.DATA_DIR || "data"),
    staticDir: resolve(env.STATIC_DIR || "dist"),
    publicApiBaseUrl: env.PUBLIC_API_BASE_URL ?? "",
    publicTaskBaseUrl: env.PUBLIC_TASK_BASE_URL ?? "",
    trustProxy: env.TRUST_PROXY === "1" || env.TRUST_PROXY === "true",
    sessionHours: integer("SESSION_HOURS", env.SESSION_HOURS, 12, 1, 24 * 30),
    logLevel: env.LOG_LEVEL || "info",
    scryptLog2N: integer("SCRYPT_LOG2N", env.SCRYPT_LOG2N, 17, 10, 20),
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM || DEFAULT_MAIL_FROM,
    scrCreator: scrCreatorOf(env.SCR_CREATOR),
    publicAppUrl: publicAppUrl(env),
    feedsDir: env.FEEDS_DIR ? resolve(env.FEEDS_DIR) : undefined,
    feedsSettleMs: integer("FEEDS_SETTLE_MS", env.FEEDS_SETTLE_MS, 1_000, 0, 600_000),
  };
}
