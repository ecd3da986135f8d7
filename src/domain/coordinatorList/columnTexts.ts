/**
 * The Spanish names of the comparison's kinds and of its workbook's columns, shared by the view
 * (through its i18n catalog, src/client/i18n/es-MX-coordinatorList.ts) and the downloaded file,
 * so both say the same words.
 */
import type { components } from "../../generated/openapi";

type Kind = components["schemas"]["CoordinatorListKind"];

export const kindLabels: Record<Kind, string> = {
  only_here: "Solo en Slotdesk",
  only_there: "Solo en la lista",
  days: "Días",
  time: "Hora",
  aircraft: "Aeronave",
  seats: "Asientos",
  service_type: "Tipo de servicio",
};

/** What applying a difference of each kind does to the register. */
export const kindEffects: Record<Kind, string> = {
  only_here: "Cancela los slots en Slotdesk",
  only_there: "Crea los slots en Slotdesk",
  days: "Cancela las fechas solo en Slotdesk y crea las fechas solo en la lista",
  time: "Cambia la hora a la de la lista",
  aircraft: "Cambia la aeronave a la de la lista",
  seats: "Cambia los asientos a los de la lista",
  service_type: "Cambia el tipo de servicio al de la lista",
};

export const differenceColumns = {
  serie: "Serie",
  flight: "Vuelo",
  direction: "Sentido",
  kind: "Diferencia",
  here: "En Slotdesk",
  there: "En la lista",
  dates: "Fechas",
  first_date: "Primera fecha",
  last_date: "Última fecha",
  line: "Línea de la lista",
  wip: "En proceso (WIP)",
  effect: "Al aplicar",
  date: "Fecha",
} as const;

export const directionLabels = { arrival: "Llegada", departure: "Salida" } as const;

export const sheetNames = { differences: "Diferencias", dates: "Fechas" } as const;
