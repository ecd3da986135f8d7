/** The reading problems' texts join the translate when this module loads (ReadProblems imports it). */
import { readingTexts } from "./es-MX-reading";
import { addTexts } from "./i18nProvider";

addTexts({ slotdesk: { reading: readingTexts } });
