/**
 * The logbook of requests and their references (seed 002 §3, §7): the rows of a season, one per
 * reference; one part with its lines and the message as e-mailed; a request's commentary and
 * tracing; the next free reference and whether one is free. References are unique per season (the
 * table's unique index decides). The SQL is in queries.ts, records.ts and references.ts.
 */
import type { Handler } from "../contract/routes";
import { HttpError } from "../http/errors";
import { expectedVersion } from "../http/versions";
import { seasonAirport } from "../seasons/find";
import { assertPdf, decodeTextFile, filesOfPart, flag, logbookFile, readLogbookForm, removeLogbookFile, RESPONSE_TEXT_MESSAGE, storeLogbookFile } from "./files";
import { analyseRequestText, createRequestByHand, fileNameOf, readRequestForm, requestType } from "./create";
import { answerOffer, openOffers } from "./offers";
import { storedAirline } from "../settings/airline";
import { assertMayRequest } from "../requests/common";
import { deleteRequest, logbookPart, logbookRows, updateNotes } from "./queries";
import { isReferenceTaken, nextReference } from "./references";
import { assertAirportAccess, resolveAirport } from "../airports/access";
import type { AuthenticatedUser } from "../auth/sessions";
import type { Services } from "../services";
import { lineAirport, partAirport, requestAirport } from "./records";

/**
 * Issue 37: an entry is its request's airport's; a caller restricted from that airport gets 403.
 * An id that names nothing passes, for the operation's own 404.
 */
async function assertEntryAirport(services: Services, user: AuthenticatedUser, airport: string | null): Promise<void> {
  if (airport !== null) await assertAirportAccess(services, user, airport);
}

export const listLogbook: Handler<"listLogbook"> = async ({ query, user, services }) => {
  // The season is its airport's: a caller restricted from it sees none of its rows (403).
  await assertAirportAccess(services, user, await seasonAirport(services.db, query.season_id));
  const airport = query.airport === undefined ? undefined : (await resolveAirport(services, user, query.airport)).code;
  return { status: 200, body: await logbookRows(services.db, query.season_id, airport) };
};

export const getLogbookPart: Handler<"getLogbookPart"> = async ({ params, user, services }) => {
  await assertEntryAirport(services, user, await partAirport(services.db, params.id));
  return { status: 200, body: await logbookPart(services.db, params.id) };
};

/** Commentary or tracing, one per call, trimmed (seed 002 §5: saved on blur when changed). */
export const updateLogbookNotes: Handler<"updateLogbookNotes"> = async ({ params, body, user, request, services }) => {
  if ((body.commentary === undefined) === (body.tracing === undefined)) {
    throw new HttpError(400, "Envíe el comentario o el seguimiento, uno por vez.");
  }
  await assertEntryAirport(services, user, await requestAirport(services.db, params.id));
  const expected = expectedVersion(request, body.version);
  const changes = body.commentary !== undefined ? { commentary: body.commentary.trim() } : { tracing: (body.tracing ?? "").trim() };
  return { status: 200, body: await updateNotes(services.db, user, params.id, changes, expected, services.now()) };
};

/**
 * Deletes a reference with its parts, lines and files; refused while a line still waits for the
 * coordinator on a slot in process (WIP).
 */
export const deleteLogbookRequest: Handler<"deleteLogbookRequest"> = async ({ params, user, request, services }) => {
  await assertEntryAirport(services, user, await requestAirport(services.db, params.id));
  await deleteRequest(services.db, user, params.id, expectedVersion(request), services.now());
  return { status: 204 };
};

export const nextAvailableReference: Handler<"nextAvailableReference"> = async ({ query, user, services }) => {
  await assertAirportAccess(services, user, await seasonAirport(services.db, query.season));
  return { status: 200, body: { next_reference: await nextReference(services.db, query.season) } };
};

export const checkReferenceAvailability: Handler<"checkReferenceAvailability"> = async ({ query, user, services }) => {
  await assertAirportAccess(services, user, await seasonAirport(services.db, query.season));
  const [taken, recommended] = await Promise.all([
    isReferenceTaken(services.db, query.season, query.reference),
    nextReference(services.db, query.season),
  ]);
  return { status: 200, body: { is_available: !taken, recommended_reference: recommended } };
};

export const uploadLogbookFile: Handler<"uploadLogbookFile"> = async ({ params, request, user, services }) => {
  await assertEntryAirport(services, user, await partAirport(services.db, params.id));
  const form = await readLogbookForm(request, { files: 1, fields: 2 });
  for (const name of form.names()) {
    if (!["is_request", "is_text_file", "file"].includes(name)) {
      throw new HttpError(400, `El campo «${name}» no forma parte del formulario.`, [{ field: name, message: "Campo desconocido." }]);
    }
  }
  const isRequest = flag(form, "is_request");
  const isText = flag(form, "is_text_file");
  const file = form.file("file");
  if (!file) throw new HttpError(400, "Selecciona un archivo antes de intentar guardar la información", [{ field: "file", message: "Falta el archivo." }]);
  if (isText && !isRequest) throw new HttpError(400, RESPONSE_TEXT_MESSAGE);
  // Checked before the transaction: a refused file never reaches the database.
  const text = isText ? decodeTextFile(file) : null;
  if (!isText) assertPdf(file);
  await storeLogbookFile(services.db, user, params.id, { isRequest, isText, name: file.name, text, content: file.content }, services.now());
  return { status: 201, body: await filesOfPart(services.db, params.id) };
};

export const downloadLogbookFile: Handler<"downloadLogbookFile"> = async ({ params, query, reply, user, services }) => {
  await assertEntryAirport(services, user, await partAirport(services.db, params.id));
  const file = await logbookFile(services.db, params.id, query.is_request, query.is_text_file);
  reply.header("Content-Disposition", `attachment; filename="${file.name}"`);
  if ("text" in file) {
    reply.type("text/plain; charset=utf-8");
    return { status: 200, body: file.text };
  }
  reply.type("application/pdf");
  return { status: 200, body: file.pdf };
};

export const deleteLogbookFile: Handler<"deleteLogbookFile"> = async ({ params, query, user, services }) => {
  await assertEntryAirport(services, user, await partAirport(services.db, params.id));
  if (query.is_text_file && !query.is_request) throw new HttpError(400, RESPONSE_TEXT_MESSAGE);
  await removeLogbookFile(services.db, user, params.id, query.is_request, query.is_text_file, services.now());
  return { status: 200, body: await filesOfPart(services.db, params.id) };
};

export const listLogbookOffers: Handler<"listLogbookOffers"> = async ({ query, user, services }) => {
  await assertAirportAccess(services, user, await seasonAirport(services.db, query.season_id));
  return { status: 200, body: await openOffers(services.db, query.season_id) };
};

export const answerLogbookOffer: Handler<"answerLogbookOffer"> = async ({ params, body, user, services }) => {
  await assertEntryAirport(services, user, await lineAirport(services.db, params.id));
  return { status: 200, body: await answerOffer(services, user, params.id, body) };
};

export const analyzeLogRequestFile: Handler<"analyzeLogRequestFile"> = async ({ request, services }) => {
  const form = await readLogbookForm(request, { files: 1, fields: 1 });
  const type = requestType(form.field("type"));
  const file = form.file("request_file");
  if (!file) throw new HttpError(400, "Este campo es obligatorio", [{ field: "request_file", message: "Este campo es obligatorio" }]);
  const analysis = analyseRequestText(decodeTextFile(file), fileNameOf(file), type, await storedAirline(services.db));
  return {
    status: 200,
    body: { ...analysis, lines: analysis.lines.map(({ actual, request: line }) => ({ actual, request: line })) },
  };
};

export const createLogbookRequest: Handler<"createLogbookRequest"> = async ({ request, user, services }) => {
  const input = readRequestForm(await readLogbookForm(request, { files: 2, fields: 9 }));
  assertMayRequest(user, input.type);
  return { status: 201, body: await createRequestByHand(services, user, input) };
};
