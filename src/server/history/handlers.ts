/** Histórico (seed 002 §2–§5): the series of a season and its workbook. Roles: the `history` capability. */
import { type HistoryFilter, isHourText, isRatingLevel, parseSerieIds } from "../../domain/history";
import type { Handler } from "../contract/routes";
import { HttpError } from "../http/errors";
import { seasonById, seasonByName, storedWarningLevel } from "./read";
import { seasonForCaller } from "../seasons/find";
import { resolveAirport } from "../airports/access";
import { historySeries, historySeriesWeeks, historySeriesWithWeeks } from "./series";
import { historyWorkbook, historyWorkbookName } from "./xlsx";

function hourRange(text: string | undefined): [string, string] | undefined {
  if (text === undefined) return undefined;
  const [from = "", to = ""] = text.split("-");
  if (!isHourText(from) || !isHourText(to)) return undefined;
  if (from > to) {
    throw new HttpError(400, "El rango de horas empieza después de terminar.", [
      { field: "hour_range", message: `${from} es posterior a ${to}.` },
    ]);
  }
  return [from, to];
}

export const listHistory: Handler<"listHistory"> = async ({ query, user, services }) => {
  // Issue 37: a season is its airport's; its slots are read there, for a caller allowed there.
  const { season, airport } = await seasonForCaller(services, user, query.season_id, seasonById, query.airport);
  // `threshold` is the warning level since issue 27 (the slider's value); the season's own
  // threshold colours red and decides the forecast.
  const warning = query.threshold ?? (await storedWarningLevel(services.db));
  const range = hourRange(query.hour_range);
  const filter: HistoryFilter = {
    ...(query.serie_ids !== undefined ? { serieIds: parseSerieIds(query.serie_ids) } : {}),
    ...(query.rating ? { ratings: query.rating.split(",").filter(isRatingLevel) } : {}),
    ...(query.frequency ? { frequencies: query.frequency.split(",").map(Number) } : {}),
    ...(range ? { hourRange: range } : {}),
    ...(query.at_risk ? { atRisk: true } : {}),
  };
  return { status: 200, body: await historySeries(services.db, season, warning, services.now(), filter, airport) };
};

/** One series' weekly table (issue 35 item 3): what a card shows when it is opened. */
export const getHistorySeries: Handler<"getHistorySeries"> = async ({ query, user, services }) => {
  const { season, airport } = await seasonForCaller(services, user, query.season_id, seasonById);
  const flights = await historySeriesWeeks(services.db, season, query.serie, services.now(), airport);
  if (!flights) throw new HttpError(404, `La serie ${query.serie} no existe en la temporada ${season.name}.`);
  return { status: 200, body: { season_id: season.id, serie: query.serie, flights } };
};

export const downloadHistory: Handler<"downloadHistory"> = async ({ query, reply, user, services }) => {
  const airport = (await resolveAirport(services, user, query.airport)).code;
  const season = await seasonByName(services.db, query.season, airport);
  const warning = await storedWarningLevel(services.db);
  const series = await historySeriesWithWeeks(services.db, season, warning, services.now(), airport);
  const name = historyWorkbookName(season.name);
  reply
    .type("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet")
    .header(
      "Content-Disposition",
      // The plain filename keeps ASCII only (the header is Latin-1); filename* carries the accent.
      `attachment; filename="Historico ${season.name}.xlsx"; filename*=UTF-8''${encodeURIComponent(name)}`,
    );
  return { status: 200, body: await historyWorkbook(season, series, warning) };
};
