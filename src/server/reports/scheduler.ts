/**
 * Sends each report at its scheduled times (README, 'Reportes: envío y programación').
 *
 * Every `intervalMs` (30 s) an instance reads the saved templates and, for each, the scheduled
 * instants of the catch-up window: after `max(now − catchUpMs, the template's last change)` and
 * up to now. The newest instant not yet in `report_runs` is claimed by inserting its row — the
 * unique key (report_name, airport, scheduled_for) lets exactly one insert win on any number of
 * instances sharing the database, and across restarts — and the winner sends it. Older unclaimed
 * instants of the window (times missed while no server ran, superseded by a later one) are
 * recorded as `skipped`, so a server that comes back sends a report once, not once per missed
 * time. Instants older than the window are ignored. Nothing about a run lives in memory.
 *
 * Each run reports the previous day of the template's zone (Monitoreo semanal: sent on Mondays, the
 * previous Monday-to-Sunday week), at the template's send-to contact. A template is one airport's
 * (issue 37): its LOCAL is that airport's zone, the run reads that airport's register, and a
 * template of an airport no longer active sends nothing.
 * The clock is injected (`now`), so a test moves time and calls `tick()` itself.
 */
import { and, eq, gt, gte, lte } from "drizzle-orm";
import { nextScheduledInstant, reportedRange, reportInstants } from "../../domain/reports/schedule";
import type { Database } from "../db/client";
import { reportRuns, seasons } from "../db/schema";
import { DEFAULT_AIRPORT } from "../airports/held";
import type { Mailer } from "../mail/mailer";
import { claimRun, deliverRun, type RenderReportFile, type RunRequest } from "./send";
import { readTemplates, type StoredTemplate } from "./templates";

/** How long after its time a missed run is still sent (documented in the README). */
export const CATCH_UP_HOURS = 6;

export interface SchedulerOptions {
  db: Database;
  mailer: Mailer;
  now: () => Date;
  render: RenderReportFile;
  intervalMs?: number;
  catchUpMs?: number;
  /** Where a failed tick is reported (the server's log). */
  onError?: (error: unknown) => void;
}

export interface TickResult {
  /** Runs this instance claimed and sent (whatever their outcome), as `report@ISO`. */
  sent: string[];
  skipped: string[];
}

export class ReportScheduler {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<TickResult> | null = null;
  private readonly intervalMs: number;
  private readonly catchUpMs: number;

  constructor(private readonly options: SchedulerOptions) {
    this.intervalMs = options.intervalMs ?? 30_000;
    this.catchUpMs = options.catchUpMs ?? CATCH_UP_HOURS * 3_600_000;
  }

  /** Ticks now and every interval; the timer never keeps the process alive. */
  start(): void {
    if (this.timer) return;
    const run = () => void this.tick().catch((error: unknown) => this.options.onError?.(error));
    this.timer = setInterval(run, this.intervalMs);
    this.timer.unref();
    run();
  }

  /** Stops ticking and waits for a tick in progress (its send finishes and is recorded). */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running?.catch(() => undefined);
  }

  /** One pass over every template; a pass already running is joined, not doubled. */
  tick(): Promise<TickResult> {
    this.running ??= this.pass().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async pass(): Promise<TickResult> {
    const now = this.options.now();
    const result: TickResult = { sent: [], skipped: [] };
    for (const template of await readTemplates(this.options.db)) {
      if (!template.sendTo || !template.airport.active) continue;
      const after = Math.max(now.getTime() - this.catchUpMs, template.updatedAt.getTime());
      const claimed = await this.options.db
        .select({ at: reportRuns.scheduledFor })
        .from(reportRuns)
        .where(
          and(
            eq(reportRuns.reportName, template.reportName),
            eq(reportRuns.airport, template.airport.code),
            gt(reportRuns.scheduledFor, new Date(after)),
          ),
        );
      const taken = new Set(claimed.map((row) => row.at?.getTime()));
      // Runs already claimed are skipped before the insert, which would only burn sequence ids.
      const due = reportInstants(template.reportName, template.schedule, template.timezone, after, now.getTime(), template.airport.timeZone);
      // Newest first: the newest due time is sent, the older ones of the window were missed.
      for (const [index, at] of due.reverse().entries()) {
        if (taken.has(at)) continue;
        const run = await this.runFor(template, at);
        const key = `${template.reportName}@${new Date(at).toISOString()}${template.airport.code === DEFAULT_AIRPORT ? "" : `@${template.airport.code}`}`;
        if (index > 0) {
          if ((await claimRun(this.options.db, this.options.now(), run, "skipped")) !== null) result.skipped.push(key);
          continue;
        }
        const runId = await claimRun(this.options.db, this.options.now(), run);
        if (runId === null) continue;
        await deliverRun(this.options, runId, run);
        result.sent.push(key);
      }
    }
    return result;
  }

  private async runFor(template: StoredTemplate, at: number): Promise<RunRequest> {
    const airport = template.airport;
    const { start, end } = reportedRange(template.reportName, at, template.timezone, airport.timeZone);
    const [season] = await this.options.db
      .select({ id: seasons.id })
      .from(seasons)
      .where(and(eq(seasons.airport, airport.code), lte(seasons.startDate, end), gte(seasons.endDate, end)));
    const time = new Date(at);
    const label = template.schedule.find((t) => {
      const next = nextScheduledInstant([t], template.timezone, at - 60_000, airport.timeZone);
      return next === at;
    });
    return {
      reportName: template.reportName,
      query: { start, end, timezone: template.timezone, airport: airport.code, season: season?.id ?? null, cc: [] },
      to: template.sendTo ? [template.sendTo.email] : [],
      cc: [],
      requestedBy: null,
      scheduledFor: time,
      scheduleLabel: `${label ?? time.toISOString().slice(11, 16)} ${template.timezone === "zulu" ? "ZULU" : "LOCAL"}`,
    };
  }
}
