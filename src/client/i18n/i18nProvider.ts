import type { I18nProvider } from "react-admin";
import { esMX } from "./es-MX";
import { createCatalog, type MessageTree, type Translate } from "./translate";

export const LOCALE = "es-MX";

/**
 * Translate with the whole catalog, outside React (API helpers, data provider). Inside the shell's
 * components use `useTranslate()` (react-admin's, or translate.ts's in components that also show
 * outside the shell): the same catalog and interpolation (`%{name}`).
 */
const catalog = createCatalog(esMX);
export const translate: Translate = catalog.translate;

/**
 * Adds a lazy view's texts to the shell's translate (es-MX-logbook.ts, es-MX-reports.ts): the
 * view's modules call it when they load, before anything of theirs renders. Adding twice is harmless.
 */
export const addTexts = (messages: MessageTree): void => catalog.add(messages);

/** The app's only i18nProvider (Spanish, Mexico), over the same translate function. */
export const i18nProvider: I18nProvider = {
  translate,
  changeLocale: async () => undefined,
  getLocale: () => LOCALE,
  getLocales: () => [{ locale: LOCALE, name: "Español (México)" }],
};
