/** Dashboard (timeline)'s texts join the translate when this module loads (every module that shows them imports it). */
import { timelineTexts } from "../../app/i18n/es-MX-timeline";
import { addTexts } from "../../app/i18n/i18nProvider";

addTexts({ slotdesk: { timeline: timelineTexts } });
