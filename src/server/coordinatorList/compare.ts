/**
 * The comparison of a coordinator's list with the register, as the three operations need it: the
 * file read (or refused whole with the reason, 400, naming the line and column), the season's held
 * slots read (locked when an apply follows), and the domain's comparison.
 */
import type { Airline } from "../../domain/airline";
import { compareCoordinatorList, readCoordinatorList, type CoordinatorListMessage, type CoordinatorListResult } from "../../domain/coordinatorList";
import type { Database } from "../db/client";
import { HttpError } from "../http/errors";
import { heldSlots, type SeasonRow, seasonsByName } from "./queries";

export type ListInput = { fileName: string; content: string; season?: string | undefined };

export type ReadList = { list: CoordinatorListMessage; season: SeasonRow; input: ListInput };

/** The list read for comparing, or a 400 with the reason (nothing is compared). */
export async function readList(db: Database, input: ListInput): Promise<ReadList> {
  const seasons = await seasonsByName(db);
  const read = readCoordinatorList(input.content, input.fileName, {
    expectedSeason: input.season,
    knownSeason: (name) => seasons.has(name),
  });
  if (read.refused) {
    throw new HttpError(
      400,
      read.message,
      read.details.map((detail) => ({
        field: detail.line === undefined ? input.fileName : `${input.fileName}, línea ${detail.line}`,
        ...(detail.line === undefined ? {} : { line: detail.line }),
        ...(detail.column === undefined ? {} : { column: detail.column }),
        message: detail.message,
      })),
    );
  }
  const season = seasons.get(read.season);
  if (!season) throw new Error("a known season was not found");
  return { list: read, season, input };
}

/** The comparison of a read list with the season's held slots (`lock`: for an apply). */
export async function compareWithRegister(db: Database, read: ReadList, airline: Airline, lock = false): Promise<CoordinatorListResult> {
  const register = await heldSlots(db, read.season.name, lock);
  return compareCoordinatorList({
    list: read.list,
    fileName: read.input.fileName,
    text: read.input.content,
    season: read.season,
    airline,
    register,
  });
}

/** The name a file is called by in messages when the browser sent none. */
export const listFileName = (name: string | undefined) => (name?.trim() ? name.trim() : "la lista del coordinador");
