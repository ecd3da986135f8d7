/**
 * What every SCR e-mail to the coordinator carries, whether it sends a drafts' request or an
 * answer to an offer: the airport, the creator's address, the coordinator's address, the subject.
 */
import type { components } from "../../generated/openapi";
import { heldAirport } from "../airports/held";
import { HttpError } from "../http/errors";
import { DEFAULT_MAIL_FROM, type ServerConfig } from "../config";
import type { Services } from "../services";
import type { HeldAirport } from "../airports/held";

type Season = components["schemas"]["Season"];

/** The airport Slotdesk requests slots at (seed 000 §7: MEX, the request type SCR). */
export const REQUEST_AIRPORT = "MEX";

export const REFERENCE_IN_USE_MESSAGE =
  "La referencia ingresada ha sido previamente ingresada en los registros. Por favor elija una referencia distinta.";
/** Names where the setting is: the top bar's @ button, 'Correo del coordinador' (Admin and Slot). */
const NO_COORDINATOR_MESSAGE =
  "No hay un correo del coordinador configurado: un Admin o un usuario Slot debe indicarlo en el botón @ «Correo del coordinador» de la barra superior antes de enviar la solicitud.";

/** The address in `Name <address>` (MAIL_FROM), for the SCR's creator line. */
export function addressOf(from: string): string {
  return (/<([^>]+)>/.exec(from)?.[1] ?? from).trim();
}

/**
 * The SCR's creator line: the team's own address (`SCR_CREATOR`, else `MAIL_FROM`'s address when
 * it was configured). Without either the line is left out (SSIM makes it optional) rather than
 * name an address nobody reads, such as the default `slotdesk@localhost`.
 */
export function scrCreator(config: Pick<ServerConfig, "scrCreator" | "mailFrom">): string | null {
  if (config.scrCreator !== null) return config.scrCreator;
  return config.mailFrom === DEFAULT_MAIL_FROM ? null : addressOf(config.mailFrom);
}

/** The airport's coordinator address (Aeropuertos, issue 37; MEX's was the `coordinator_email` setting); null while unset. */
export async function storedCoordinator(services: Services, airport: string = REQUEST_AIRPORT): Promise<string | null> {
  return (await heldAirport(services.db, airport))?.coordinatorEmail ?? null;
}

export async function coordinatorAddress(services: Services, airport: string = REQUEST_AIRPORT): Promise<string> {
  const address = await storedCoordinator(services, airport);
  if (address === null) throw new HttpError(400, NO_COORDINATOR_MESSAGE);
  return address;
}

/**
 * The coordinator an airport's SCR goes to (issue 37): MEX's is the `coordinator_email` setting
 * as before; another airport's is its own, as the Admin set it in Aeropuertos.
 */
export async function airportCoordinatorAddress(services: Services, airport: HeldAirport): Promise<string> {
  if (airport.code === REQUEST_AIRPORT) return coordinatorAddress(services);
  if (airport.coordinatorEmail === null) {
    throw new HttpError(
      400,
      `No hay un correo del coordinador de ${airport.code} configurado: un Admin debe indicarlo en Panel de administrador, Aeropuertos, antes de enviar la solicitud.`,
    );
  }
  return airport.coordinatorEmail;
}

export const subjectOf = (season: Pick<Season, "name">, reference: number, part: number, total: number, airport = REQUEST_AIRPORT) =>
  `SCR ${airport} ${season.name} REF ${reference}${total > 1 ? ` PARTE ${part}/${total}` : ""}`;
