/** the SCR send view's texts join the translate when this module loads (every module that shows them imports it). */
import { sendTexts } from "../../../client/i18n/es-MX-send";
import { addTexts } from "../../../client/i18n/i18nProvider";

addTexts({ slotdesk: { send: sendTexts } });
