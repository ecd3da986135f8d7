/**
 * Season series (issue 13): the season start file — its spreadsheet layout, reading and checking
 * its rows, the coordinator's SAL/SHL text lists — and the expansion of series into dated slots.
 */
export {
  columnHeader,
  columnLetter,
  columnNumber,
  normalizeHeader,
  SERIES_COLUMNS,
  SERIES_SHEET,
  type SeriesColumnKey,
} from "./layout";
export {
  cellText,
  checkSeriesPeriod,
  daysText,
  describeProblem,
  findOverlaps,
  readDate,
  readDays,
  readSeriesRow,
  readTime,
  type CellValue,
  type SeriesProblem,
  type SeriesRow,
  type SeriesStatus,
} from "./rows";
export { expandSeries, operatingDates, type SeriesSlot } from "./expand";
export { readScrList, scrListKind, type ScrListKind } from "./scrList";
