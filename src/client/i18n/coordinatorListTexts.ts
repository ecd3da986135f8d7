/**
 * The coordinator's list texts join the translate when this module loads: the panel imports it,
 * so they are there before it renders, and the shell's own JavaScript does not carry them.
 */
import { coordinatorListTexts } from "./es-MX-coordinatorList";
import { addTexts } from "./i18nProvider";

addTexts({ slotdesk: { coordinatorList: coordinatorListTexts } });
