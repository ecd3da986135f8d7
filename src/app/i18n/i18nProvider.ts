import polyglotI18nProvider from "ra-i18n-polyglot";
import { esMX } from "./es-MX";

export const LOCALE = "es-MX";

/**
 * The app's only i18nProvider (Spanish, Mexico). Outside React (API helpers, data provider) call
 * `i18nProvider.translate(...)` directly; inside components use `useTranslate()`.
 */
export const i18nProvider = polyglotI18nProvider(() => esMX, LOCALE, [{ locale: LOCALE, name: "Español (México)" }]);

/** Translate outside React, with the same catalog and interpolation (`%{name}`) as `useTranslate()`. */
export const translate = (key: string, options?: Record<string, unknown>): string =>
  i18nProvider.translate(key, options);
