/** The airline's flights as files bring them: the operations feed (AIMS CSV). */
export {
  IMPORT_COLUMNS,
  IMPORT_SEPARATOR,
  normaliseFlightNumber,
  parseFlightCsv,
  REQUIRED_COLUMNS,
} from "./csv";
export type { ImportedFlight, ImportError } from "./csv";
