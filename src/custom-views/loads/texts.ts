/** Cargas de datos' texts join the translate when this module loads (every module that shows them imports it). */
import { loadsTexts } from "../../client/i18n/es-MX-loads";
import { addTexts } from "../../client/i18n/i18nProvider";

addTexts({ slotdesk: { loads: loadsTexts } });
