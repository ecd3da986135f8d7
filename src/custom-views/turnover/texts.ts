/**
 * The texts of Entrega de turno's dialogs and popovers join the translate when this module loads:
 * each dialog imports it, so the table's first paint does not carry them.
 */
import { nomenclatureTexts, turnoverDialogTexts } from "../../client/i18n/es-MX-turnover";
import { addTexts } from "../../client/i18n/i18nProvider";

addTexts({ slotdesk: { turnover: turnoverDialogTexts, nomenclature: nomenclatureTexts } });
