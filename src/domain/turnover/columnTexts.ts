/**
 * The column headers of Entrega de turno's table (slotdesk.turnover.columns in the catalog), which
 * the CSV download repeats word for word (src/server/turnover/download.ts): one text for both, so
 * the file's headers are the ones the user sees. Plain data shared by the view and the server.
 */
export const turnoverColumns = {
  id: "Registro",
  season: "Temporada",
  direction: "L/S",
  flight_status: "Estado vuelo",
  flight_name: "Vuelo",
  flight_route: "Ruta",
  flight_date: "Fecha",
  st: "ST",
  et: "ET",
  at: "AT",
  register: "Matrícula",
  slot_status: "Estado slot",
  slot_name: "Slot",
  slot_route: "Ruta slot",
  slot_date: "Fecha slot",
  slot_time: "Hora slot",
  slot_type: "Tipo",
  scheduled_difference: "Dif. programada",
  real_difference: "Dif. real",
  general_status: "Estado general",
  has_codes: "Códigos de demora",
  /** Not a column of the table: the CSV's last column, the match's observations. */
  observations: "Observaciones",
} as const;

export type TurnoverColumn = keyof typeof turnoverColumns;

/**
 * The general (match) status labels (seed 001 §4.1), as the table's chips and the matches file
 * (src/domain/termMatches/fileTexts.ts) both say them.
 */
export const generalStatusLabels = {
  X: "Vuelo sin slot",
  A: "Slot sin vuelo",
  CA: "Cancelado en AIMS",
  AH: "Límite de horario",
  D: "Diferencias en campos",
  S: "En proceso",
  DIFF: "Diferencia de horario de hasta 15 minutos",
  OK: "Sin diferencias",
} as const;
