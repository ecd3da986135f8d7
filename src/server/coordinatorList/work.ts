/**
 * The coordinator list's heavy, pure work, run in the worker pool (src/server/workers): reading a
 * list of up to 5,000,000 characters and comparing it with the season's held slots takes seconds
 * and would stop the server answering anyone else. Everything here is plain data in and out (it
 * crosses threads by structured clone); the seasons Slotdesk holds and the register's slots are
 * read by the caller, on the main thread.
 */
import type { Airline } from "../../domain/airline";
import {
  type CoordinatorListMessage,
  type CoordinatorListResult,
  compareCoordinatorList,
  type ListRefusal,
  type RegisterSlot,
  readCoordinatorList,
} from "../../domain/coordinatorList";

/**
 * The list as sent (`season`: the one the person compares, if any), the seasons Slotdesk holds
 * (`seasonKey` of each) and the active airports (issue 37).
 */
export type ListText = {
  fileName: string;
  content: string;
  season?: string | undefined;
  knownSeasons: readonly string[];
  airports: readonly string[];
};

/** A season as `knownSeasons` names it: `MEX S26`. */
export const seasonKey = (airport: string, name: string) => `${airport} ${name}`;

function read(input: ListText): CoordinatorListMessage | ListRefusal {
  const known = new Set(input.knownSeasons);
  return readCoordinatorList(input.content, input.fileName, {
    expectedSeason: input.season,
    knownSeason: (name, airport) => known.has(seasonKey(airport, name)),
    airports: input.airports,
  });
}

/** What reading the list says before the register is read: refused (and why), or its season and source. */
export type ListVerdict = { refused: true; refusal: ListRefusal } | { refused: false; season: string; airport: string; source: string };

export function readListVerdict(input: ListText): ListVerdict {
  const list = read(input);
  return list.refused ? { refused: true, refusal: list } : { refused: false, season: list.season, airport: list.airport, source: list.source };
}

export type ListComparisonInput = {
  list: ListText;
  seasonRow: { name: string; start_date: string; end_date: string };
  airline: Airline;
  register: readonly RegisterSlot[];
  /** The differences with their slots (an apply needs them; a comparison shown or downloaded does not). */
  withDifferences: boolean;
};

/** The list read again (cheaper than sending the read list across) and compared with the register. */
export function compareListWithRegister(input: ListComparisonInput): CoordinatorListResult {
  const list = read(input.list);
  if (list.refused) throw new Error(`a list read once was refused the second time: ${list.message}`);
  const result = compareCoordinatorList({
    list,
    fileName: input.list.fileName,
    text: input.list.content,
    season: input.seasonRow,
    airline: input.airline,
    register: input.register,
  });
  return input.withDifferences ? result : { comparison: result.comparison, differences: [] };
}

/**
 * The comparison alone (what compare answers), as the JSON bytes of the answer: serialising a
 * 30,000-line comparison took the request thread too, so it is done here, beside the comparing.
 */
export function compareListJson(input: ListComparisonInput): Uint8Array {
  return new TextEncoder().encode(JSON.stringify(compareListWithRegister({ ...input, withDifferences: false }).comparison));
}
