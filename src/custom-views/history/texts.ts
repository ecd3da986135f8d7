/** Histórico's texts join the translate when this module loads (every module that shows them imports it). */
import { historyTexts } from "../../app/i18n/es-MX-history";
import { addTexts } from "../../app/i18n/i18nProvider";

addTexts({ slotdesk: { history: historyTexts } });
