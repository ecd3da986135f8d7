/** Histórico's texts join the translate when this module loads (every module that shows them imports it). */
import { historyTexts } from "../../client/i18n/es-MX-history";
import { addTexts } from "../../client/i18n/i18nProvider";

addTexts({ slotdesk: { history: historyTexts } });
