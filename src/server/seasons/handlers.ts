/**
 * IATA seasons: the list every screen reads, and the Admin resource. A season's dates are the IATA
 * dates of its code, nothing else; its rule and calendar (issue 27 item 1) are the Admin's to set,
 * AICM's rule and the guidelines' dates by default.
 */
import { todayInZone } from "../../domain/seasons";
import type { Handler } from "../contract/routes";
import { expectedVersion } from "../http/versions";
import { assertIataDates } from "./dates";
import { assertAirportAccess, resolveAirport } from "../airports/access";
import { seasonAirport } from "./find";
import { insertSeason, listSeasonRows, updateSeasonRow } from "./queries";

export const listSeasons: Handler<"listSeasons"> = async ({ query, user, services }) => {
  const airport = (await resolveAirport(services, user, query.airport)).code;
  const holding: string[] = [];
  if (query.current === true) holding.push(todayInZone(services.now()));
  if (query.for_date !== undefined) holding.push(query.for_date);
  return { status: 200, body: await listSeasonRows(services.db, { holding, id: query.id, name: query.name, airport }) };
};

export const createSeason: Handler<"createSeason"> = async ({ body, user, services }) => {
  assertIataDates(body);
  const airport = (await resolveAirport(services, user, body.airport)).code;
  return { status: 201, body: await insertSeason(services.db, airport, body, user, services.now()) };
};

export const updateSeason: Handler<"updateSeason"> = async ({ params, body, user, request, services }) => {
  const expected = expectedVersion(request, body.version);
  assertIataDates(body);
  // Checked before the edit's transaction: a season's airport never changes.
  await assertAirportAccess(services, user, await seasonAirport(services.db, params.id));
  return { status: 200, body: await updateSeasonRow(services.db, params.id, expected, body, user, services.now()) };
};
