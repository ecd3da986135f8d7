/** Monitoreo (issue 27 items 3 and 4): a week's discrepancies and the season's early warning. Roles: the `monitoring` capability. */
import { isoWeekProblem, lastIsoWeek, parseIsoWeek, weekThursday } from "../../domain/monitoring/week";
import { isRetimeShift } from "../../domain/monitoring/retime";
import type { Handler } from "../contract/routes";
import { HttpError } from "../http/errors";
import { seasonRule } from "../seasons/rule";
import { findSeason, seasonForCaller } from "../seasons/find";
import { resolveAirport } from "../airports/access";
import { seasonHolding } from "./queries";
import { earlyWarning, monitoringWeek, seriesRetime, warningOperations } from "./week";

export const getMonitoring: Handler<"getMonitoring"> = async ({ query, user, services }) => {
  const db = services.db;
  // Issue 37: one airport's week (a season named by id is its own airport's).
  const named = query.season_id !== undefined ? await seasonForCaller(services, user, query.season_id, findSeason, query.airport) : null;
  const airport = named?.airport ?? (await resolveAirport(services, user, query.airport)).code;
  const now = services.now();
  let week = lastIsoWeek(now);
  if (query.week !== undefined) {
    const parsed = parseIsoWeek(query.week);
    if (!parsed) {
      const message = isoWeekProblem(query.week) ?? `La semana «${query.week}» no es válida.`;
      throw new HttpError(400, message, [{ field: "week", message }]);
    }
    week = parsed;
  }
  const season = named?.season ?? (await seasonHolding(db, weekThursday(week), airport));
  const weekly = await monitoringWeek(db, week, now, airport);
  if (!season) return { status: 200, body: { ...weekly, season: null, early_warning: [] } };
  const { tolerance } = await seasonRule(db, season.name, airport);
  const warning = await earlyWarning(db, season, tolerance, now, airport);
  return {
    status: 200,
    body: { ...weekly, season: { id: season.id, name: season.name, tolerance }, early_warning: warning },
  };
};

/** A series' operations for its picture in the early warning (issue 35 item 3), read when its panel opens. */
export const getMonitoringOperations: Handler<"getMonitoringOperations"> = async ({ query, user, services }) => {
  const { season, airport } = await seasonForCaller(services, user, query.season_id, findSeason);
  const operations = await warningOperations(services.db, season, query.serie, services.now(), airport);
  if (!operations) throw new HttpError(404, `La serie ${query.serie} no existe en la temporada ${season.name}.`);
  return { status: 200, body: { season: season.name, serie: query.serie, operations } };
};

export const getMonitoringRetime: Handler<"getMonitoringRetime"> = async ({ query, user, services }) => {
  if (!isRetimeShift(query.shift)) {
    const message = `El cambio de horario debe ser un múltiplo de 5 minutos distinto de 0 y menor de un día; se recibió ${query.shift}.`;
    throw new HttpError(400, message, [{ field: "shift", message }]);
  }
  const { season, airport } = await seasonForCaller(services, user, query.season_id, findSeason);
  const lines = await seriesRetime(services.db, season, query.serie, query.shift, services.now(), query.letter, airport);
  if (!lines) throw new HttpError(404, `La serie ${query.serie} no existe en la temporada ${season.name}.`);
  return { status: 200, body: { season: season.name, serie: query.serie, shift: query.shift, lines } };
};
