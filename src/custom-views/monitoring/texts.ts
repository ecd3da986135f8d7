/** Monitoreo's texts join the translate when this module loads (every module that shows them imports it). */
import { monitoringTexts } from "../../client/i18n/es-MX-monitoring";
import { addTexts } from "../../client/i18n/i18nProvider";

addTexts({ slotdesk: { monitoring: monitoringTexts } });
