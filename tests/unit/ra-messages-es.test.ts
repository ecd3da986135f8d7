import englishMessages from "ra-language-english";
import { describe, expect, it } from "vitest";
import { raMessagesEs } from "../../src/client/i18n/ra-messages-es";

/** Polyglot separator between plural forms (singular |||| plural). */
const PLURAL_SEPARATOR = " |||| ";

/**
 * Keys whose Spanish text is legitimately identical to the English one. Keep this list short:
 * every entry must still be identical (checked below) and must be justified here.
 */
const IDENTICAL_ALLOWED: ReadonlyMap<string, string> = new Map([
  // A single blank (U+2003 EM SPACE) that react-admin renders for a null boolean; nothing to translate.
  ["ra.boolean.null", "blank placeholder"],
  // "No" is the same word in Spanish and English (the Spanish "yes" is "Sí", which does differ).
  ["ra.boolean.false", "'No' is also Spanish"],
  ["ra.message.no", "'No' is also Spanish"],
  // Page titles made only of interpolation variables: the resource name and the record
  // representation are already translated/locale-specific, and there are no words to translate.
  ["ra.page.list", "variables only"],
  ["ra.page.edit", "variables only"],
  ["ra.page.show", "variables only"],
  // "Inspector" is the correct Spanish noun for the configuration inspector panel.
  ["ra.configurable.inspector.title", "'Inspector' is also Spanish"],
]);

type MessageTree = { readonly [key: string]: MessageTree | string | undefined };

/** Flattens a message tree into dotted leaf paths. Non-string leaves (e.g. undefined) are kept as-is. */
function flatten(tree: MessageTree, prefix = ""): Map<string, string | undefined> {
  const leaves = new Map<string, string | undefined>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix === "" ? key : `${prefix}.${key}`;
    if (typeof value === "object" && value !== null) {
      for (const [childPath, childValue] of flatten(value, path)) {
        leaves.set(childPath, childValue);
      }
    } else {
      leaves.set(path, value);
    }
  }
  return leaves;
}

function variables(text: string): Set<string> {
  return new Set(Array.from(text.matchAll(/%\{([^}]+)\}/g), (match) => match[1] ?? ""));
}

function pluralForms(text: string): string[] {
  return text.split(PLURAL_SEPARATOR);
}

function countOccurrences(text: string, needle: string): number {
  return text.split(needle).length - 1;
}

const english = flatten(englishMessages);
const spanish = flatten(raMessagesEs);

/** Pairs of (key, English, Spanish) for every key present in both trees with string values. */
function pairs(): Array<{ key: string; en: string; es: string }> {
  const result: Array<{ key: string; en: string; es: string }> = [];
  for (const [key, en] of english) {
    const es = spanish.get(key);
    if (typeof en === "string" && typeof es === "string") {
      result.push({ key, en, es });
    }
  }
  return result;
}

describe("raMessagesEs (react-admin messages in es-MX)", () => {
  it("reads a non-trivial English reference", () => {
    expect(english.size).toBeGreaterThan(100);
  });

  it("has exactly the same leaf keys as ra-language-english", () => {
    const missing = [...english.keys()].filter((key) => !spanish.has(key)).sort();
    const extra = [...spanish.keys()].filter((key) => !english.has(key)).sort();
    // One assertion so that a run reports missing and extra keys together.
    expect(
      { missing, extra },
      `Missing from raMessagesEs: ${missing.join(", ") || "none"}. Not in ra-language-english: ${extra.join(", ") || "none"}`,
    ).toEqual({ missing: [], extra: [] });
  });

  it("has a string value for every leaf, non-blank unless the English one is blank", () => {
    const invalid = [...spanish]
      .filter(([key, es]) => {
        if (typeof es !== "string") return true;
        const en = english.get(key);
        const englishIsBlank = typeof en === "string" && en.trim() === "";
        return es.trim() === "" && !englishIsBlank;
      })
      .map(([key]) => key);
    expect(invalid, `Keys without a usable Spanish text: ${invalid.join(", ")}`).toEqual([]);
  });

  it("keeps the same number of plural forms", () => {
    const mismatched = pairs()
      .filter(({ en, es }) => countOccurrences(en, PLURAL_SEPARATOR) !== countOccurrences(es, PLURAL_SEPARATOR))
      .map(
        ({ key, en, es }) =>
          `${key} (en ${countOccurrences(en, PLURAL_SEPARATOR)}, es ${countOccurrences(es, PLURAL_SEPARATOR)})`,
      );
    expect(mismatched, `Plural form count differs: ${mismatched.join("; ")}`).toEqual([]);
  });

  it("keeps every interpolation variable of the English text, in each plural form", () => {
    const problems: string[] = [];
    for (const { key, en, es } of pairs()) {
      const enForms = pluralForms(en);
      const esForms = pluralForms(es);
      // Only compare form by form when the counts agree (the plural test reports the mismatch).
      const comparable: Array<[string, string]> =
        enForms.length === esForms.length
          ? enForms.map((form, index): [string, string] => [form, esForms[index] ?? ""])
          : [[en, es]];
      comparable.forEach(([enForm, esForm], index) => {
        const esVariables = variables(esForm);
        const lost = [...variables(enForm)].filter((name) => !esVariables.has(name));
        if (lost.length > 0) {
          problems.push(`${key} form ${index + 1}: missing ${lost.map((name) => `%{${name}}`).join(", ")}`);
        }
      });
    }
    expect(problems, problems.join("; ")).toEqual([]);
  });

  it("uses no interpolation variable that the English message does not receive", () => {
    // A variable polyglot is not given stays as literal "%{x}" text on screen.
    const problems: string[] = [];
    for (const { key, en, es } of pairs()) {
      const known = variables(en);
      const unknown = [...variables(es)].filter((name) => !known.has(name));
      if (unknown.length > 0) {
        problems.push(`${key}: ${unknown.map((name) => `%{${name}}`).join(", ")}`);
      }
    }
    expect(problems, `Unknown variables: ${problems.join("; ")}`).toEqual([]);
  });

  it("translates every text, except the justified allow-list", () => {
    const untranslated = pairs()
      .filter(({ key, en, es }) => en === es && !IDENTICAL_ALLOWED.has(key))
      .map(({ key, en }) => `${key} ("${en}")`);
    expect(untranslated, `Identical to English: ${untranslated.join(", ")}`).toEqual([]);
  });

  it("keeps the allow-list of identical texts accurate", () => {
    const stale = [...IDENTICAL_ALLOWED.keys()].filter((key) => {
      const en = english.get(key);
      return typeof en !== "string" || en !== spanish.get(key);
    });
    expect(stale, `Allow-listed keys that no longer exist or are no longer identical: ${stale.join(", ")}`).toEqual([]);
  });

  it("opens every Spanish question and exclamation with ¿ and ¡", () => {
    const unbalanced = pairs()
      .flatMap(({ key, es }) => pluralForms(es).map((form) => ({ key, form })))
      .filter(
        ({ form }) =>
          countOccurrences(form, "¿") !== countOccurrences(form, "?") ||
          countOccurrences(form, "¡") !== countOccurrences(form, "!"),
      )
      .map(({ key, form }) => `${key}: "${form}"`);
    expect(unbalanced, unbalanced.join("; ")).toEqual([]);
  });

  it("uses the texts agreed for authentication and server errors", () => {
    expect(raMessagesEs.ra.auth.sign_in).toBe("Iniciar sesión");
    expect(raMessagesEs.ra.auth.logout).toBe("Cerrar sesión");
    // Users sign in with their e-mail address.
    expect(raMessagesEs.ra.auth.username).toBe("Correo electrónico");
    expect(raMessagesEs.ra.auth.password).toBe("Contraseña");
    expect(raMessagesEs.ra.auth.auth_check_error).toBe("SU SESIÓN HA CADUCADO, POR FAVOR INICIE SESIÓN DE NUEVO");
    expect(raMessagesEs.ra.notification.http_error).toBe("Ha ocurrido un error de comunicación con el servidor");
  });
});
