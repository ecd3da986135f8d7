/**
 * Airports: the reference list every screen reads, and the Admin's Aeropuertos tab (issue 37
 * item 1): code, name, IANA zone, coordination level, the coordinator's addresses, active.
 */
import type { components } from "../../generated/openapi";
import type { Handler } from "../contract/routes";
import { HttpError } from "../http/errors";
import { expectedVersion } from "../http/versions";
import { DEFAULT_AIRPORT } from "./held";
import { type AirportEdit, insertAirport, listAirportDetailRows, listAirportRows, updateAirportRow } from "./queries";

type AirportUpdate = components["schemas"]["AirportUpdate"];

/** The IANA zones this server's Intl knows (and UTC, which the list leaves out). */
let knownZones: ReadonlySet<string> | null = null;
function isKnownZone(zone: string): boolean {
  knownZones ??= new Set([...Intl.supportedValuesOf("timeZone"), "UTC"]);
  return knownZones.has(zone);
}

function refuse(field: string, message: string): never {
  throw new HttpError(400, message, [{ field, message }]);
}

/** A loose e-mail check; the contract's `format: email` already refused most. */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * The write's values, trimmed and checked, each refusal in Spanish naming its field. A field the
 * write leaves out is undefined: a new airport gets its default, an edit keeps the stored value.
 */
function checkedValues(body: AirportUpdate): AirportEdit {
  const name = body.name.trim();
  const city = body.city.trim();
  const timeZone = body.time_zone.trim();
  if (name === "") refuse("name", "El nombre del aeropuerto es obligatorio.");
  if (city === "") refuse("city", "La ciudad del aeropuerto es obligatoria.");
  if (!isKnownZone(timeZone)) {
    refuse("time_zone", `«${timeZone}» no es una zona horaria IANA conocida; escríbala como America/Mexico_City o America/New_York.`);
  }
  const email = body.coordinator_email === undefined ? undefined : (body.coordinator_email?.trim() ?? "");
  if (email !== undefined && email !== "" && !EMAIL.test(email)) refuse("coordinator_email", `«${email}» no es un correo electrónico válido.`);
  const sita = body.coordinator_sita === undefined ? undefined : (body.coordinator_sita?.trim() ?? "");
  return {
    name,
    city,
    country: body.country,
    timeZone,
    coordinationLevel: body.coordination_level,
    coordinatorEmail: email === undefined ? undefined : email === "" ? null : email.toLowerCase(),
    coordinatorSita: sita === undefined ? undefined : sita === "" ? null : sita.toUpperCase(),
    active: body.active,
  };
}

export const listAirports: Handler<"listAirports"> = async ({ services }) => {
  return { status: 200, body: await listAirportRows(services.db) };
};

export const listAirportDetails: Handler<"listAirportDetails"> = async ({ services }) => {
  return { status: 200, body: await listAirportDetailRows(services.db) };
};

export const createAirport: Handler<"createAirport"> = async ({ body, user, services }) => {
  const edit = checkedValues(body);
  const values = {
    ...edit,
    coordinationLevel: edit.coordinationLevel ?? null,
    coordinatorEmail: edit.coordinatorEmail ?? null,
    coordinatorSita: edit.coordinatorSita ?? null,
    active: edit.active ?? false,
  };
  return { status: 201, body: await insertAirport(services.db, body.code, values, user, services.now()) };
};

export const updateAirport: Handler<"updateAirport"> = async ({ params, body, user, request, services }) => {
  const expected = expectedVersion(request, body.version);
  const values = checkedValues(body);
  const updated = await updateAirportRow(services.db, params.id, expected, values, user, services.now(), (before, next) => {
    if (before.code === DEFAULT_AIRPORT && !next.active) {
      refuse("active", `${DEFAULT_AIRPORT} es el aeropuerto predeterminado de la instalación y no puede desactivarse.`);
    }
  });
  return { status: 200, body: updated };
};
