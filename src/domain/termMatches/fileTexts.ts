/**
 * The texts of the matches result file (issue 15 item 3), kept apart from the UI catalog so the
 * server can write the file without it. Status labels as the turnover's.
 */
import type { MatchesFileTexts } from "./index";

export const matchesFileTexts: MatchesFileTexts = {
  header: [
    "Fecha (UTC)",
    "Dirección",
    "Vuelo",
    "Ruta vuelo",
    "Hora programada (UTC)",
    "Slot",
    "Ruta slot",
    "Hora slot (UTC)",
    "Diferencia (min)",
    "Estado",
    "Descripción",
    "Emparejado por",
  ],
  direction: { arrival: "Llegada", departure: "Salida" },
  status: {
    X: "Vuelo sin slot",
    A: "Slot sin vuelo",
    CA: "Cancelado en AIMS",
    AH: "Límite de horario",
    D: "Diferencias en campos",
    S: "En proceso",
    DIFF: "Diferencia de horario de hasta 15 minutos",
    OK: "Sin diferencias",
  },
  source: { number: "Número de vuelo", time: "Horario", manual: "Asignación manual" },
};
