/** Matches's texts join the translate when this module loads (every module that shows them imports it). */
import { matchesTexts } from "../../client/i18n/es-MX-matches";
import { addTexts } from "../../client/i18n/i18nProvider";

addTexts({ slotdesk: { matches: matchesTexts } });
