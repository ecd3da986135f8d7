/**
 * Reportes' texts (the view's, the send modal's and the runs list's) join the translate when this
 * module loads: every module that shows them imports it, so the shell's JavaScript does not carry them.
 */
import { addTexts } from "./i18nProvider";
import { reportsSendTexts, reportTexts } from "./es-MX-reports";

addTexts({ slotdesk: { reports: reportTexts, reportsSend: reportsSendTexts } });
