/** Dashboard (timeline)'s texts join the translate when this module loads (every module that shows them imports it). */
import { timelineTexts } from "../../client/i18n/es-MX-timeline";
import { addTexts } from "../../client/i18n/i18nProvider";

addTexts({ slotdesk: { timeline: timelineTexts } });
