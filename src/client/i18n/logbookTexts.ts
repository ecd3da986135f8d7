/**
 * The Bitácora's and Carga de referencias' texts join the translate when this module loads: every
 * module that shows them imports it, so they are there before anything renders, and the shell's
 * own JavaScript does not carry them.
 */
import { logbookTexts, referencesTexts } from "./es-MX-logbook";
import { addTexts } from "./i18nProvider";

addTexts({ slotdesk: { logbook: logbookTexts, references: referencesTexts } });
