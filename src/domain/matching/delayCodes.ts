/**
 * IATA standard delay codes (AHM 730/731, numeric codes with their two-letter alpha codes) with
 * Spanish descriptions for the delay editor, the delay reports and the demo data. Codes 01–05 are
 * left to each airline's own use and codes not listed (07, 08, 10, 20, 30, 40, 49, 50, 53, 54, 59,
 * 60, 70, 74, 78, 79, 80, 90) are not assigned by the standard.
 */

export type DelayCodeCategory =
  | "aerolinea"
  | "pasajeros"
  | "carga"
  | "rampa"
  | "tecnico"
  | "danos_sistemas"
  | "operaciones"
  | "meteorologia"
  | "atfm"
  | "autoridades"
  | "reaccionario"
  | "diversos";

export const DELAY_CODE_CATEGORY_LABELS: Readonly<Record<DelayCodeCategory, string>> = {
  aerolinea: "Aerolínea",
  pasajeros: "Pasajeros y equipaje",
  carga: "Carga y correo",
  rampa: "Atención de aeronave y rampa",
  tecnico: "Técnicos y equipo de la aeronave",
  danos_sistemas: "Daños a la aeronave y fallas de sistemas automatizados",
  operaciones: "Operaciones de vuelo y tripulación",
  meteorologia: "Meteorología",
  atfm: "Gestión de afluencia del tránsito aéreo (ATFM)",
  autoridades: "Aeropuerto y autoridades",
  reaccionario: "Reaccionarias",
  diversos: "Diversos",
};

export type DelayCode = {
  /** Two-digit numeric code, e.g. `93`. */
  code: string;
  /** IATA alpha code, e.g. `RA`. */
  alpha: string;
  category: DelayCodeCategory;
  description: string;
};

const c = (code: string, alpha: string, category: DelayCodeCategory, description: string): DelayCode => ({
  code,
  alpha,
  category,
  description,
});

export const DELAY_CODES: readonly DelayCode[] = [
  c("06", "OA", "aerolinea", "Sin posición o puerta disponible por actividad de la propia aerolínea"),
  c("09", "SG", "aerolinea", "Tiempo en tierra programado menor al mínimo declarado"),

  c("11", "PD", "pasajeros", "Aceptación tardía de pasajeros"),
  c("12", "PL", "pasajeros", "Documentación tardía por congestión en el área de documentación"),
  c("13", "PE", "pasajeros", "Error en la documentación de pasajeros y equipaje"),
  c("14", "PO", "pasajeros", "Sobreventa o errores de reservación"),
  c("15", "PH", "pasajeros", "Abordaje: discrepancias, voceo o pasajero documentado que no se presenta"),
  c("16", "PS", "pasajeros", "Atención comercial: pasajeros VIP, prensa, comidas en tierra u objetos personales olvidados"),
  c("17", "PC", "pasajeros", "Pedido de comisariato tardío o incorrecto al proveedor"),
  c("18", "PB", "pasajeros", "Procesamiento y clasificación de equipaje"),
  c("19", "PW", "pasajeros", "Abordaje o desabordaje de pasajeros con movilidad reducida"),

  c("21", "CD", "carga", "Documentación de carga: errores u omisiones"),
  c("22", "CP", "carga", "Posicionamiento tardío de la carga"),
  c("23", "CC", "carga", "Aceptación tardía de la carga"),
  c("24", "CI", "carga", "Embalaje inadecuado de la carga"),
  c("25", "CO", "carga", "Sobreventa o errores de reservación de carga"),
  c("26", "CU", "carga", "Preparación tardía de la carga en almacén"),
  c("27", "CE", "carga", "Documentación o embalaje del correo"),
  c("28", "CL", "carga", "Posicionamiento tardío del correo"),
  c("29", "CA", "carga", "Aceptación tardía del correo"),

  c("31", "GD", "rampa", "Documentación de la aeronave tardía o inexacta: peso y balance, declaración general, manifiesto"),
  c("32", "GL", "rampa", "Carga y descarga: carga voluminosa o especial, carga en cabina, falta de personal de carga"),
  c("33", "GE", "rampa", "Equipo de carga: falta o descompostura (cargador de contenedores y tarimas), falta de personal"),
  c("34", "GS", "rampa", "Equipo de servicio: falta o descompostura (escaleras), falta de personal"),
  c("35", "GC", "rampa", "Limpieza de la aeronave"),
  c("36", "GF", "rampa", "Carga o descarga de combustible; proveedor de combustible"),
  c("37", "GB", "rampa", "Comisariato: entrega o carga tardía"),
  c("38", "GU", "rampa", "Contenedores (ULD): falta o mal estado"),
  c("39", "GT", "rampa", "Equipo técnico: falta o descompostura (tractor de remolque), falta de personal"),

  c("41", "TD", "tecnico", "Falla técnica de la aeronave"),
  c("42", "TM", "tecnico", "Mantenimiento programado: liberación tardía"),
  c("43", "TN", "tecnico", "Mantenimiento no programado: revisiones especiales o trabajos adicionales"),
  c("44", "TS", "tecnico", "Refacciones y equipo de mantenimiento: falta o descompostura"),
  c("45", "TA", "tecnico", "Refacciones AOG que deben llevarse a otra estación"),
  c("46", "TC", "tecnico", "Cambio de aeronave por razones técnicas"),
  c("47", "TL", "tecnico", "Falta de aeronave de reserva planeada por razones técnicas"),
  c("48", "TV", "tecnico", "Ajuste programado de configuración de cabina"),

  c("51", "DF", "danos_sistemas", "Daño durante la operación de vuelo: impacto de ave o rayo, turbulencia, aterrizaje duro, colisión en rodaje"),
  c("52", "DG", "danos_sistemas", "Daño durante la operación en tierra: colisión, daño al cargar, contaminación, remolque, clima extremo"),
  c("55", "ED", "danos_sistemas", "Falla del sistema de control de salidas (documentación)"),
  c("56", "EC", "danos_sistemas", "Falla del sistema de preparación y documentación de carga"),
  c("57", "EF", "danos_sistemas", "Falla del sistema de planes de vuelo"),
  c("58", "EO", "danos_sistemas", "Falla de otro sistema automatizado"),

  c("61", "FP", "operaciones", "Plan de vuelo: terminación tardía o cambio; documentación de vuelo"),
  c("62", "FF", "operaciones", "Requerimientos operacionales: combustible, cambio de carga"),
  c("63", "FT", "operaciones", "Presentación tardía o procedimientos de salida de la tripulación de mando"),
  c("64", "FS", "operaciones", "Falta de tripulación de mando: enfermedad, espera de reserva, límites de tiempo de vuelo, documentos"),
  c("65", "FR", "operaciones", "Solicitud especial de la tripulación de mando fuera de los requerimientos operacionales"),
  c("66", "FL", "operaciones", "Presentación tardía o procedimientos de salida de la tripulación de cabina"),
  c("67", "FC", "operaciones", "Falta de tripulación de cabina: enfermedad, espera de reserva, límites de tiempo de vuelo, documentos"),
  c("68", "FA", "operaciones", "Error o solicitud especial de la tripulación de cabina fuera de los requerimientos operacionales"),
  c("69", "FB", "operaciones", "Revisión de seguridad extraordinaria solicitada por el capitán"),

  c("71", "WO", "meteorologia", "Condiciones meteorológicas en la estación de salida"),
  c("72", "WT", "meteorologia", "Condiciones meteorológicas en la estación de destino"),
  c("73", "WR", "meteorologia", "Condiciones meteorológicas en ruta o en el aeropuerto alterno"),
  c("75", "WI", "meteorologia", "Deshielo de la aeronave: retiro de hielo o nieve, prevención de escarcha"),
  c("76", "WS", "meteorologia", "Retiro de nieve, hielo, agua o arena del aeropuerto"),
  c("77", "WG", "meteorologia", "Atención en tierra afectada por condiciones meteorológicas adversas"),

  c("81", "AT", "atfm", "ATFM por demanda o capacidad del control de tránsito aéreo en ruta"),
  c("82", "AX", "atfm", "ATFM por personal o equipo de control en ruta: huelga, falta de personal, falla de equipo, ejercicio militar"),
  c("83", "AE", "atfm", "ATFM por restricción en el aeropuerto de destino: pista cerrada, huelga, ruido, toque de queda, vuelos especiales"),
  c("84", "AW", "atfm", "ATFM por condiciones meteorológicas en el destino"),
  c("85", "AS", "autoridades", "Revisión de seguridad obligatoria"),
  c("86", "AG", "autoridades", "Migración, aduana o sanidad"),
  c("87", "AF", "autoridades", "Instalaciones aeroportuarias: posiciones, congestión en plataforma, iluminación, edificios, puertas"),
  c("88", "AD", "autoridades", "Restricciones en el aeropuerto de destino: pista cerrada, huelga, falta de personal, ruido, toque de queda"),
  c("89", "AM", "autoridades", "Restricciones en el aeropuerto de salida: servicios de tránsito aéreo, encendido y remolque, pista cerrada, toque de queda"),

  c("91", "RL", "reaccionario", "Conexión de carga: espera de carga de otro vuelo"),
  c("92", "RT", "reaccionario", "Error de documentación en conexión de pasajeros y equipaje"),
  c("93", "RA", "reaccionario", "Rotación de aeronave: llegada tardía de la misma aeronave"),
  c("94", "RS", "reaccionario", "Rotación de tripulación de cabina: espera de tripulación de otro vuelo"),
  c("95", "RC", "reaccionario", "Rotación de tripulación: espera de tripulación de mando o completa de otro vuelo"),
  c("96", "RO", "reaccionario", "Control de operaciones: cambio de ruta, desvío, consolidación o cambio de aeronave no técnico"),

  c("97", "MI", "diversos", "Huelga dentro de la propia aerolínea"),
  c("98", "MO", "diversos", "Huelga fuera de la propia aerolínea, excepto servicios de tránsito aéreo"),
  c("99", "MX", "diversos", "Otra causa no incluida en los códigos anteriores"),
];

const BY_CODE = new Map(DELAY_CODES.map((entry) => [entry.code, entry]));

/** The catalogue entry of a code (`'93'`, or `'9'` / `9` padded to two digits); undefined if unknown. */
export function delayCode(code: string | number): DelayCode | undefined {
  const text = String(code).trim();
  return BY_CODE.get(/^\d$/.test(text) ? `0${text}` : text);
}

/** Spanish description of a code, or null when the code is not in the catalogue. */
export function delayCodeDescription(code: string | number): string | null {
  return delayCode(code)?.description ?? null;
}

/**
 * Categories whose delays the airline does not control: weather, air-traffic flow management and
 * the airport and its authorities. Why: the use-it-or-lose-it rule (WSG 8.7, EU 95/93 art. 10(4))
 * does not hold against a carrier what it could not prevent, so a cancellation or an off-slot
 * operation caused by one of these does not count against the series.
 */
const OUTSIDE_AIRLINE_CONTROL_CATEGORIES: ReadonlySet<DelayCodeCategory> = new Set([
  "meteorologia",
  "atfm",
  "autoridades",
]);

/**
 * Single codes outside the airline's control in categories that are otherwise its own: 51 (bird
 * strike, lightning, turbulence in flight: damage nobody on the ground caused) and 98 (a strike
 * outside the airline). Reactionary codes (91–96) stay the airline's: the root cause is unknown.
 */
const OUTSIDE_AIRLINE_CONTROL_CODES: ReadonlySet<string> = new Set(["51", "98"]);

/** Whether a delay code justifies a cancellation or an off-slot operation (outside the airline's control). */
export function isOutsideAirlineControl(code: string | number): boolean {
  const entry = delayCode(code);
  if (!entry) return false;
  return OUTSIDE_AIRLINE_CONTROL_CATEGORIES.has(entry.category) || OUTSIDE_AIRLINE_CONTROL_CODES.has(entry.code);
}
