import type { I18nProvider } from "react-admin";
import { esMX } from "./es-MX";
import { createTranslate, type Translate } from "./translate";

export const LOCALE = "es-MX";

/**
 * Translate with the whole catalog, outside React (API helpers, data provider). Inside the shell's
 * components use `useTranslate()` (react-admin's, or translate.ts's in components that also show
 * outside the shell): the same catalog and interpolation (`%{name}`).
 */
export const translate: Translate = createTranslate(esMX);

/** The app's only i18nProvider (Spanish, Mexico), over the same translate function. */
export const i18nProvider: I18nProvider = {
  translate,
  changeLocale: async () => undefined,
  getLocale: () => LOCALE,
  getLocales: () => [{ locale: LOCALE, name: "Español (México)" }],
};
