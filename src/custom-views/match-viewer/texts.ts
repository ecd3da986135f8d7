/** The match viewer's texts join the translate when this module loads (every module that shows them imports it). */
import { matchViewerTexts } from "../../client/i18n/es-MX-matchViewer";
import { addTexts } from "../../client/i18n/i18nProvider";

addTexts({ slotdesk: { match_viewer: matchViewerTexts } });
