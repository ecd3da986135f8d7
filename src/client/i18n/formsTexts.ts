/**
 * The shared texts of forms, lists and edit conflicts (`slotdesk.forms`, `slotdesk.admin`,
 * `slotdesk.version_conflict`) join the translate when this module loads: every module that shows
 * them imports it.
 */
import { addTexts } from "./i18nProvider";
import { adminCommonTexts, formTexts, versionConflictTexts } from "./es-MX-forms";

addTexts({ slotdesk: { forms: formTexts, admin: adminCommonTexts, version_conflict: versionConflictTexts } });
