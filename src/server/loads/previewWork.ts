/**
 * A schedule's or flights file's preview, worked out where the pool runs it (src/server/workers):
 * the file read into flights, the flights planned against the stored ones, and the answer
 * serialised, all beside each other. Only the stored side of each chunk of 500 flights is read by
 * the request thread (asked through `ask`, answered in the heavy statements' turn): 100,000
 * flights never cross threads, and the request thread never holds them, plans them or serialises
 * the answer (issue 34 item 1: each of those took it for a second and more).
 */
import type { Airline } from "../../domain/airline";
import { countProblems, errorLines, type ReadProblem } from "../../domain/reading";
import type { components } from "../../generated/openapi";
import type { Ask } from "../workers/asks";
import { type FlightSource, type LoadPlan, planFlightsBy } from "./plan";
import { type LoadKind, type LoadReading, readLoadFile } from "./read";

type LoadPreview = components["schemas"]["DataLoadPreview"];

/** The problems a response or a record carries at most (the counts cover them all). */
export const MAX_PROBLEMS = 2_000;

export const sourceOf = (kind: LoadKind): FlightSource => (kind === "schedule" ? "schedule" : "operations");

export const linesInError = (problems: readonly ReadProblem[]) => errorLines(problems).length;

/** A schedule's or flights file's preview from its reading and its plan. */
export function flightsPreview(input: { kind: LoadKind; fileName: string }, reading: LoadReading, plan: LoadPlan): LoadPreview {
  const { warnings } = countProblems(reading.problems);
  const errors = linesInError(reading.problems);
  return {
    kind: input.kind,
    file_name: input.fileName,
    counts: { lines: reading.lines, ...plan.counts, skipped: errors, pending: 0 },
    rematch_dates: plan.dates,
    problems: reading.problems.slice(0, MAX_PROBLEMS),
    warnings,
    errors,
    loadable: reading.flights.length > 0,
    changes: plan.changes,
    airports: plan.airports,
  };
}

/** `airports`: the active airports' codes, whose legs the file's reading keeps (issue 37). */
export type PreviewWork = { kind: LoadKind; fileName: string; content: string; airline: Airline; airports: string[] };

/**
 * What the preview's work gives: the reason a file cannot be read at all; or a movement text's
 * reading (its messages are planned by the request thread, against few flights); or the answer,
 * as its JSON bytes.
 */
export type PreviewOutcome = { refusal: string } | { movements: LoadReading } | { json: Uint8Array };

export async function previewLoadWork(work: PreviewWork, ask: Ask): Promise<PreviewOutcome> {
  const reading = readLoadFile(work.kind, work.content, work.airline, work.airports);
  if (reading.refusal) return { refusal: reading.refusal };
  if (reading.movements) return { movements: reading };
  const source = sourceOf(work.kind);
  const plan = await planFlightsBy((records) => ask({ kind: "planChunk", source, listChanges: true, records }), reading.flights, source);
  return { json: new TextEncoder().encode(JSON.stringify(flightsPreview(work, reading, plan))) };
}
