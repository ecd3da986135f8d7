/**
 * The column headers of Reportes' tables, which the downloaded files repeat word for word
 * (src/server/reports/files.ts), and the sheet names of Fin de mes. Plain data shared by the view
 * and the server. Keys are the fields of ./columns.ts.
 */
export const reportColumns = {
  register: "Matrícula",
  arr_date: "Fecha llegada",
  arr_flight: "Vuelo llegada",
  arr_origin: "Origen",
  arr_sta: "STA",
  arr_slot: "Slot llegada",
  arr_within_15: "±15 min (L)",
  arr_over_15: ">15 min (L)",
  arr_capacity: "Capacidad (L)",
  arr_type: "Tipo (L)",
  arr_equipment: "Equipo (L)",
  dep_date: "Fecha salida",
  dep_flight: "Vuelo salida",
  dep_destination: "Destino",
  dep_std: "STD",
  dep_slot: "Slot salida",
  dep_within_15: "±15 min (S)",
  dep_over_15: ">15 min (S)",
  dep_capacity: "Capacidad (S)",
  dep_type: "Tipo (S)",
  dep_equipment: "Equipo (S)",
  date: "Fecha",
  airline: "Aerolínea",
  flight: "Vuelo",
  equipment: "Equipo",
  direction: "Llegada/Salida",
  origin: "Origen",
  destination: "Destino",
  assigned_time: "Hora asignada",
  real_time: "Hora real",
  difference: "Diferencia (min)",
  general_cause: "Causa general",
  cause_1: "Causa 1",
  code_1: "Código 1",
  cause_2: "Causa 2",
  code_2: "Código 2",
  cause_3: "Causa 3",
  code_3: "Código 3",
  cause_4: "Causa 4",
  code_4: "Código 4",
  airport: "Aeropuerto",
  delay_code: "Código de demora",
  service: "Servicio",
  status: "Estado",
  schedule_type: "Tipo de horario",
  historic_datetime: "Fecha y hora histórica",
  historic_flight_number: "Vuelo histórico",
  first_departure: "Primera salida",
  real_departure: "Salida real",
  operations: "Operaciones",
  first_date: "Primer día",
  last_date: "Último día",
  route: "Ruta",
  frequency: "Frecuencia",
  suffix: "Sufijo",
  slot: "Slot",
  ata: "ATA",
  actual_difference: "Dif. real",
  scheduled_difference: "Dif. programada",
  last_change: "Último cambio",
  changes: "Cambios",
  category: "Categoría",
  serie: "Serie",
  time: "Hora comparada",
  time_basis: "Tipo de hora",
  codes: "Códigos de demora",
  state: "Estado",
  reason: "Motivo",
} as const;

/** The summary sheet of Monitoreo semanal (the week's answer). */
export const monitoringSummaryTexts = {
  sheet: "Resumen",
  week: "Semana",
  range: "Del",
  to: "al",
  deadline: "Responder al coordinador a más tardar",
  category: "Categoría",
  total: "Total",
  unjustified: "Sin justificar",
  justified: "Justificado",
  requested: "Solicitado",
  corrected: "Corregido",
  corrective: "SCR correctivas enviadas",
  rows: "Discrepancias",
} as const;

export type ReportColumnField = keyof typeof reportColumns;

/** The FIDS csv's headers ('Campo 1'..'Campo 11', seed 001 §2.7 "generic fields 1 to 11"). */
export const fidsColumns = Array.from({ length: 11 }, (_, i) => `Campo ${i + 1}`);

/** The sub-tabs of Fin de mes, which are also the sheets of its workbook (slotdesk.reports.sections). */
export const reportSectionTexts = {
  returned_to_position: "Regresos a posición",
  cancellation: "Cancelaciones",
  operation: "Registro de operaciones",
} as const;

/** The yes/no of a flag column. */
export const reportFlags = { yes: "Sí", no: "No" } as const;
