/** The Auditoría's texts join the translate when this module loads (the audit list imports it). */
import { auditTexts } from "../../client/i18n/es-MX-audit";
import { addTexts } from "../../client/i18n/i18nProvider";

addTexts({ slotdesk: { audit: auditTexts } });
