/**
 * The texts of the matches result file (issue 15 item 3), kept apart from the UI catalog so the
 * server can write the file without it. Status labels as the turnover's.
 */
import type { MatchesFileTexts } from "./index";
import { generalStatusLabels } from "../turnover/columnTexts";

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
  status: generalStatusLabels,
  source: { number: "Número de vuelo", time: "Horario", manual: "Asignación manual" },
};
