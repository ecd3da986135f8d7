/**
 * Flight/service type codes (seed 000 §5.2): the 24 codes of the new-slot form's 'Tipo de vuelo'
 * list, in the seed's order. SSIM service types; eight have a known meaning in Spanish, the rest
 * are labelled with the code itself.
 */
export const SERVICE_TYPE_CODES = [
  "J",
  "C",
  "F",
  "H",
  "P",
  "X",
  "D",
  "N",
  "S",
  "O",
  "T",
  "K",
  "G",
  "B",
  "E",
  "W",
  "V",
  "M",
  "A",
  "L",
  "I",
  "Y",
  "Z",
  "U",
] as const;

export type ServiceTypeCode = (typeof SERVICE_TYPE_CODES)[number];

export type ServiceType = { code: ServiceTypeCode; label: string };

const KNOWN_LABELS: Partial<Record<ServiceTypeCode, string>> = {
  J: "Regular de pasajeros",
  C: "Chárter de pasajeros",
  F: "Regular de carga o correo",
  H: "Chárter de carga o correo",
  P: "Posicionamiento",
  X: "Escala técnica",
  D: "Aviación general o privada",
  N: "Negocios o taxi aéreo",
};

/** The 24 codes with their Spanish label (the code itself when the meaning is not known). */
export const SERVICE_TYPES: readonly ServiceType[] = SERVICE_TYPE_CODES.map((code) => ({
  code,
  label: KNOWN_LABELS[code] ?? code,
}));

/** Lookup by char code (A–Z), for the tokenizers. */
const SERVICE_BY_CHAR: readonly boolean[] = (() => {
  const table: boolean[] = new Array<boolean>(128).fill(false);
  for (const code of SERVICE_TYPE_CODES) table[code.charCodeAt(0)] = true;
  return table;
})();

export function isServiceTypeCode(value: unknown): value is ServiceTypeCode {
  return typeof value === "string" && value.length === 1 && SERVICE_BY_CHAR[value.charCodeAt(0)] === true;
}

/** True when the UTF-16 code unit is one of the 24 codes. */
export function isServiceTypeChar(charCode: number): boolean {
  return SERVICE_BY_CHAR[charCode] === true;
}

/** "J, C, F, … Z o U" — for messages. */
export const SERVICE_TYPE_LIST_ES = `${SERVICE_TYPE_CODES.slice(0, -1).join(", ")} o ${SERVICE_TYPE_CODES[SERVICE_TYPE_CODES.length - 1]}`;
