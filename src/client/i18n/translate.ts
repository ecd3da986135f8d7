import { createContext, useContext } from "react";
import { esMXPublic } from "./es-MX-public";

/** A message tree: nested objects whose leaves are the texts (`slotdesk.auth.title`). */
export interface MessageTree {
  readonly [key: string]: MessageTree | string | undefined;
}

/**
 * The options of a text: `%{name}` values, `smart_count` (picks the singular or plural form of
 * "uno |||| varios" and is also a value), and `_`, the text to use when the key is missing.
 */
export type TranslateOptions = Readonly<Record<string, unknown>>;

export type Translate = (key: string, options?: TranslateOptions | number) => string;

const PLURAL_SEPARATOR = "||||";
const INTERPOLATION = /%\{(.*?)\}/g;

const flatten = (tree: MessageTree, prefix: string, into: Map<string, string>): Map<string, string> => {
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === "string") into.set(path, value);
    else if (value !== undefined) flatten(value, path, into);
  }
  return into;
};

/**
 * A translate function over a catalog, with the semantics of Polyglot (which react-admin's
 * i18n-polyglot provider uses, and our catalog is written for): dotted keys, `%{name}`
 * interpolation (a missing value leaves the placeholder), `smart_count` choosing between the
 * forms of "singular |||| plural" with Spanish's rule (one is singular), `_` as the default
 * text, and the key itself when there is neither text nor default. Written out here so the
 * sign-in page does not load Polyglot and its polyfills; tests/unit/translate.test.ts checks it
 * against Polyglot on the whole catalog.
 */
export const createTranslate = (messages: MessageTree): Translate => createCatalog(messages).translate;

/** A translate function and the way to add texts to it: a lazy view adds its own when it loads. */
export interface Catalog {
  translate: Translate;
  add: (messages: MessageTree) => void;
}

export const createCatalog = (messages: MessageTree): Catalog => {
  const phrases = flatten(messages, "", new Map());
  const translate: Translate = (key, options) => {
    const values: TranslateOptions = typeof options === "number" ? { smart_count: options } : (options ?? {});
    const phrase = phrases.get(key) ?? (typeof values._ === "string" ? values._ : undefined);
    if (phrase === undefined) return key;
    let text = phrase;
    const count = values.smart_count;
    if (count !== undefined && count !== null && phrase !== "") {
      const forms = phrase.split(PLURAL_SEPARATOR);
      text = (forms[count === 1 ? 0 : 1] || forms[0] || "").trim();
    }
    return text.replace(INTERPOLATION, (placeholder: string, name: string) => {
      const value = Object.hasOwn(values, name) ? values[name] : undefined;
      return value === undefined || value === null ? placeholder : String(value);
    });
  };
  return { translate, add: (more) => void flatten(more, "", phrases) };
};

/**
 * Translate with the public pages' catalog, outside React (the API client's generic error, the
 * resolution notice). The shell's code uses the full catalog: `translate` from i18nProvider.ts.
 */
export const translate: Translate = createTranslate(esMXPublic);

/** The translate function of the pages' catalog: the public one, or the full one inside the shell. */
export const TranslateContext = createContext<Translate>(translate);

/**
 * Translate in a component that also shows outside the shell (sign-in, set-password, the account
 * dialogs): react-admin's `useTranslate` needs the shell, this one works on both sides.
 */
export const useTranslate = (): Translate => useContext(TranslateContext);
