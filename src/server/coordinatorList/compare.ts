/**
 * The comparison of a coordinator's list with the register, as the three operations need it: the
 * file read (or refused whole with the reason, 400, naming the line and column), the season's held
 * slots read (locked when an apply follows), and the domain's comparison. Reading and comparing
 * run in the worker pool (work.ts, src/server/workers): a 30,000-line list takes seconds, and the
 * request thread keeps answering others meanwhile. The database is read here, on the main thread.
 */
import type { Airline } from "../../domain/airline";
import type { CoordinatorListResult } from "../../domain/coordinatorList";
import type { Database } from "../db/client";
import { HttpError } from "../http/errors";
import { runHeavy } from "../workers/pool";
import { heldSlots, type SeasonRow, seasonsByName } from "./queries";
import { type ListText, seasonKey } from "./work";
import { heldAirports } from "../airports/held";

export type ListInput = { fileName: string; content: string; season?: string | undefined };

/** A list that can be compared: its season, what it calls itself in the history (`source`), the text. */
export type ReadList = { source: string; season: SeasonRow; input: ListInput; text: ListText };

/** The list read for comparing, or a 400 with the reason (nothing is compared). */
export async function readList(db: Database, input: ListInput): Promise<ReadList> {
  const seasons = await seasonsByName(db);
  const airports = (await heldAirports(db)).map((a) => a.code);
  const text: ListText = { fileName: input.fileName, content: input.content, season: input.season, knownSeasons: [...seasons.keys()], airports };
  const read = await runHeavy("readListVerdict", text);
  if (read.refused) {
    throw new HttpError(
      400,
      read.refusal.message,
      read.refusal.details.map((detail) => ({
        field: detail.line === undefined ? input.fileName : `${input.fileName}, línea ${detail.line}`,
        ...(detail.line === undefined ? {} : { line: detail.line }),
        ...(detail.column === undefined ? {} : { column: detail.column }),
        message: detail.message,
      })),
    );
  }
  const season = seasons.get(seasonKey(read.airport, read.season));
  if (!season) throw new Error("a known season was not found");
  return { source: read.source, season, input, text };
}

/**
 * The comparison of a read list with the season's held slots (`lock`: for an apply, which also
 * needs the differences' slots; the others get the comparison and no differences).
 */
export async function compareWithRegister(db: Database, read: ReadList, airline: Airline, lock = false): Promise<CoordinatorListResult> {
  const register = await heldSlots(db, read.season.airport, read.season.name, lock);
  return runHeavy("compareListWithRegister", { list: read.text, seasonRow: read.season, airline, register, withDifferences: lock });
}

/** The comparison as the JSON bytes of the compare's answer (made where the comparing runs). */
export async function comparisonJson(db: Database, read: ReadList, airline: Airline): Promise<Buffer> {
  const register = await heldSlots(db, read.season.airport, read.season.name, false);
  const bytes = await runHeavy("compareListJson", { list: read.text, seasonRow: read.season, airline, register, withDifferences: false });
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/** The name a file is called by in messages when the browser sent none. */
export const listFileName = (name: string | undefined) => (name?.trim() ? name.trim() : "la lista del coordinador");
