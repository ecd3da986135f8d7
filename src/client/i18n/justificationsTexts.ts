/**
 * The justifications' texts join the translate when this module loads: the justify dialog and
 * the Admin's reasons list import it, so the shell's own JavaScript does not carry them.
 */
import { justificationsTexts } from "./es-MX-justifications";
import { addTexts } from "./i18nProvider";

addTexts({ slotdesk: { justifications: justificationsTexts } });
