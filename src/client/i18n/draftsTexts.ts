/**
 * The drafts modal's texts join the translate when this module loads: every module that shows them
 * imports it (the modal's, and Entrega de turno's confirmation to empty a draft).
 */
import { addTexts } from "./i18nProvider";
import { draftsModalTexts } from "./es-MX-drafts";

addTexts({ slotdesk: { drafts: draftsModalTexts } });
