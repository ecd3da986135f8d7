import { readFileSync } from "node:fs";
import { join } from "node:path";
import Polyglot from "node-polyglot";
import { describe, expect, it } from "vitest";
import { esMXComplete as esMX } from "../../src/client/i18n/es-MX-complete";
import { esMXPublic } from "../../src/client/i18n/es-MX-public";
import { createTranslate, type MessageTree } from "../../src/client/i18n/translate";

/** Every leaf key of a catalog, dotted. */
const keysOf = (tree: MessageTree, prefix = ""): string[] =>
  Object.entries(tree).flatMap(([key, value]) => {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === "string") return [path];
    return value === undefined ? [] : keysOf(value, path);
  });

// What react-admin's ra-i18n-polyglot provider did with the same catalog.
const polyglot = new Polyglot({ locale: "es-MX", phrases: { "": "", ...esMX }, warn: () => undefined });
const translate = createTranslate(esMX);

describe("translate (Polyglot's semantics without Polyglot)", () => {
  it("gives Polyglot's text for every key of the catalog, with and without values and counts", () => {
    const keys = keysOf(esMX);
    expect(keys.length).toBeGreaterThan(500);
    const values = { page: "Entrega de turno", name: "Ana", id: 7, resource: "users", other: "Altas" };
    for (const key of keys) {
      expect(translate(key), key).toBe(polyglot.t(key));
      expect(translate(key, values), key).toBe(polyglot.t(key, values));
      for (const smart_count of [0, 1, 2, 21]) {
        expect(translate(key, { ...values, smart_count }), key).toBe(polyglot.t(key, { ...values, smart_count }));
      }
      expect(translate(key, 1), key).toBe(polyglot.t(key, 1));
      expect(translate(key, 3), key).toBe(polyglot.t(key, 3));
    }
  });

  it("uses the default text, and else the key, for a key the catalog lacks, as Polyglot does", () => {
    for (const options of [undefined, {}, { _: "Por omisión %{n}", n: 3 }, { _: "uno |||| varios", smart_count: 2 }]) {
      expect(translate("slotdesk.no.such_key", options)).toBe(polyglot.t("slotdesk.no.such_key", options));
    }
    expect(translate("slotdesk.no.such_key")).toBe("slotdesk.no.such_key");
  });

  it("leaves a placeholder without a value as it is", () => {
    const only = createTranslate({ greeting: "Hola %{name}, %{missing}" });
    expect(only("greeting", { name: "Ana", missing: null })).toBe("Hola Ana, %{missing}");
  });

  it("the public pages' catalog is a part of the full one, text for text", () => {
    const full = createTranslate(esMX);
    const partial = createTranslate(esMXPublic);
    for (const key of keysOf(esMXPublic)) expect(partial(key), key).toBe(full(key));
  });
});

/** The files of the pages outside the shell: every key they name must be in the public catalog. */
const PUBLIC_FILES = [
  "app/PublicApp.tsx",
  "app/auth/LoginPage.tsx",
  "app/account/AuthCard.tsx",
  "app/account/AuthField.tsx",
  "app/account/DialogForm.tsx",
  "app/account/ForgotPasswordDialog.tsx",
  "app/account/SetPasswordPage.tsx",
  "app/account/accountRules.ts",
  "client/api/client.ts",
  "app/layout/ResolutionGuard.tsx",
];

describe("the public pages' catalog", () => {
  it("holds every key the public pages name", () => {
    const publicKeys = new Set(keysOf(esMXPublic));
    let named = 0;
    for (const file of PUBLIC_FILES) {
      const text = readFileSync(join(__dirname, "..", "..", "src", file), "utf8");
      for (const [, , key] of text.matchAll(/(["'`])((?:slotdesk|ra)\.[A-Za-z0-9_]+(?:\.[A-Za-z0-9_]+)+)\1/g)) {
        expect(publicKeys.has(key ?? ""), `${file}: ${key}`).toBe(true);
        named++;
      }
    }
    expect(named).toBeGreaterThan(30);
  });
});
