/**
 * Entrega de turno (seed 001 §2.1, §7): the turnover rows of a range, of some matches or of some
 * slots, and the CSV download. The match viewer's operations are in `../matchViewer`.
 */
import { MAX_INT32 } from "../contract/load";
import type { Handler } from "../contract/routes";
import { HttpError } from "../http/errors";
import { sharedAnswer } from "../http/wire";
import { turnoverCsv, TURNOVER_CSV_NAME } from "./download";
import { checkedRange } from "./range";
import { assertRecordsAccess, resolveAirport } from "../airports/access";
import { type RowSelection, rowsShapeFor, turnoverRows, turnoverRowsJson } from "./rows";

export const getTurnover: Handler<"getTurnover"> = async ({ body, request, user, services }) => {
  let selection: RowSelection;
  if ("id" in body) {
    await assertRecordsAccess(services, user, { matchIds: [body.id] });
    selection = { ids: [body.id] };
  } else if ("filter_slots" in body) {
    await assertRecordsAccess(services, user, { slotIds: body.filter_slots });
    selection = { slotIds: body.filter_slots };
  } else {
    // Issue 37: one airport's rows (its index range), the caller's default when none is named.
    const airport = await resolveAirport(services, user, body.airport);
    selection = {
      airport: airport.code,
      span: checkedRange(body.start, body.end, body.time_zone, airport),
      ...(body.filter_status ? { filters: body.filter_status } : {}),
      ...(body.filter_difference ? { differences: body.filter_difference } : {}),
      // A live update: the range's rows of these matches only.
      ...(body.ids ? { ids: [...new Set(body.ids)] } : {}),
    };
  }
  // Identical reads share their answer (see turnoverRowsJson), so it is compressed once for all;
  // a read started after this request arrived (its session check may have waited) answers it.
  const rows = await turnoverRowsJson(services.db, selection, rowsShapeFor(services.dbKind), request.arrivedAt);
  return { status: 200, json: sharedAnswer(rows) };
};

export const getTurnoverByIds: Handler<"getTurnoverByIds"> = async ({ query, user, services }) => {
  const airport = await resolveAirport(services, user, query.airport);
  const span = checkedRange(query.start, query.end, query.time_zone, airport);
  const ids = [...new Set(query.ids.split(",").map(Number))];
  // The pattern admits any digits; an id is a PostgreSQL integer.
  if (ids.some((id) => id < 1 || id > MAX_INT32)) {
    const message = `Cada id debe ser un número entero de 1 a ${MAX_INT32}.`;
    throw new HttpError(400, message, [{ field: "ids", message }]);
  }
  if (ids.length > 500) {
    const message = "Se pueden pedir como máximo 500 matches a la vez.";
    throw new HttpError(400, message, [{ field: "ids", message }]);
  }
  const selection = { airport: airport.code, ids, span };
  return { status: 200, json: await turnoverRowsJson(services.db, selection, rowsShapeFor(services.dbKind)) };
};

export const downloadTurnover: Handler<"downloadTurnover"> = async ({ body, reply, user, services }) => {
  const airport = await resolveAirport(services, user, body.airport);
  const rows = await turnoverRows(services.db, {
    airport: airport.code,
    span: checkedRange(body.start, body.end, body.time_zone, airport),
    ...(body.filters ? { filters: body.filters } : {}),
  });
  reply
    .type("text/csv; charset=utf-8")
    .header(
      "Content-Disposition",
      `attachment; filename="${TURNOVER_CSV_NAME}"; filename*=UTF-8''${encodeURIComponent(TURNOVER_CSV_NAME)}`,
    );
  return { status: 200, body: turnoverCsv(rows, body.time_zone) };
};
