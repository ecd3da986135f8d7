import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { parse as parseYaml } from "yaml";
import { esMXComplete as esMX } from "../../src/client/i18n/es-MX-complete";
import { AUDIT_DETAIL_FIELDS, AUDIT_SENT_VALUES, AUDIT_VALUE_FIELDS } from "../../src/domain/audit";
import { RANGE_PRESETS } from "../../src/domain/dateRange";
import { draftsModalTexts } from "../../src/client/i18n/es-MX-drafts";
import { adminCommonTexts, formTexts, versionConflictTexts } from "../../src/client/i18n/es-MX-forms";
import { matchViewerTexts } from "../../src/client/i18n/es-MX-matchViewer";
import { seasonUploadTexts, settingsDialogTexts } from "../../src/client/i18n/es-MX-settings";
import { nomenclatureTexts, turnoverDialogTexts } from "../../src/client/i18n/es-MX-turnover";

const ROOT = join(__dirname, "..", "..");
const SRC = join(ROOT, "src");

/** Not browser code, or not text that names catalog keys. */
const SKIPPED = [/^server\//, /^generated\//, /^domain\//, /^app\/i18n\//, /^client\/i18n\//];

/** Every leaf key of the catalog, dotted ("slotdesk.views.turnover"). */
const catalogKeys = (messages: object, prefix = ""): string[] =>
  Object.entries(messages).flatMap(([key, value]) => {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === "string") return [path];
    if (typeof value === "object" && value !== null) return catalogKeys(value, path);
    return [];
  });

/**
 * A string literal that is a key of our namespaces: `translate("slotdesk.x")`, `labelKey:
 * "slotdesk.x"`, `translate(cond ? "slotdesk.a" : "slotdesk.b")`.
 */
const KEY_LITERAL = /(["'`])((?:slotdesk|ra)\.[A-Za-z0-9_]+(?:\.[A-Za-z0-9_]+)+)\1/g;

/**
 * The fixed start of a key built in a template (`slotdesk.range.presets.${preset}`), which
 * KEY_LITERAL cannot see. Each such prefix needs its own test below (see DYNAMIC_PREFIXES).
 */
const KEY_TEMPLATE = /`((?:slotdesk|ra)\.[A-Za-z0-9_.]*)\$\{/g;

/** Template-built key prefixes, each checked against the values it can be completed with. */
const DYNAMIC_PREFIXES = [
  "slotdesk.range.presets.",
  "slotdesk.audit.actions.",
  "slotdesk.audit.details.",
  "slotdesk.audit.sent.",
  "slotdesk.audit.value_fields.",
  "slotdesk.outbox.status.",
  "slotdesk.statuses.general.",
  "slotdesk.statuses.flight.",
  "slotdesk.statuses.slot.",
  "slotdesk.statuses.difference.",
  "slotdesk.match_viewer.flight.source.",
];

const sourceFiles = (): string[] =>
  readdirSync(SRC, { recursive: true, encoding: "utf8" })
    .filter((file) => /\.tsx?$/.test(file) && !file.endsWith(".d.ts"))
    .map((file) => file.split("\\").join("/"))
    .filter((file) => !SKIPPED.some((pattern) => pattern.test(file)));

const templatePrefixes = (): Map<string, string[]> => {
  const uses = new Map<string, string[]>();
  for (const file of sourceFiles()) {
    const text = readFileSync(join(SRC, file), "utf8");
    for (const match of text.matchAll(KEY_TEMPLATE)) {
      const prefix = match[1];
      if (!prefix) continue;
      const where = `${relative(ROOT, join(SRC, file))}:${text.slice(0, match.index).split("\n").length}`;
      uses.set(prefix, [...(uses.get(prefix) ?? []), where]);
    }
  }
  return uses;
};

const usedKeys = (): Map<string, string[]> => {
  const uses = new Map<string, string[]>();
  for (const file of sourceFiles()) {
    const text = readFileSync(join(SRC, file), "utf8");
    for (const match of text.matchAll(KEY_LITERAL)) {
      const key = match[2];
      if (!key) continue;
      const where = `${relative(ROOT, join(SRC, file))}:${text.slice(0, match.index).split("\n").length}`;
      uses.set(key, [...(uses.get(key) ?? []), where]);
    }
  }
  return uses;
};

describe("i18n catalog (es-MX)", () => {
  it("has a text for every key the code uses", () => {
    const known = new Set(catalogKeys(esMX));
    const uses = usedKeys();
    // The scan itself must find the shell's keys, or this test proves nothing.
    expect(uses.has("slotdesk.views.turnover")).toBe(true);
    expect(uses.has("ra.action.close")).toBe(true);

    const missing = [...uses.entries()]
      .filter(([key]) => !known.has(key))
      .map(([key, where]) => `${key} (${where.join(", ")})`);
    expect(missing, `Keys missing from src/client/i18n/es-MX.ts:\n${missing.join("\n")}`).toEqual([]);
  });

  it("loads the texts that open on a click with every module that shows them", () => {
    // Texts the shell's catalog leaves out (issue 26): a module that names one imports the module
    // that adds them, or a person would see the key until something else happened to load it.
    const loaders: readonly (readonly [string, readonly string[]])[] = [
      ["client/i18n/draftsTexts.ts", catalogKeys({ slotdesk: { drafts: draftsModalTexts } })],
      ["client/i18n/settingsTexts.ts", catalogKeys({ slotdesk: { settings: settingsDialogTexts, season_upload: seasonUploadTexts } })],
      [
        "client/i18n/formsTexts.ts",
        catalogKeys({ slotdesk: { forms: formTexts, admin: adminCommonTexts, version_conflict: versionConflictTexts } }),
      ],
      ["custom-views/match-viewer/texts.ts", catalogKeys({ slotdesk: { match_viewer: matchViewerTexts } })],
      ["custom-views/turnover/texts.ts", catalogKeys({ slotdesk: { turnover: turnoverDialogTexts, nomenclature: nomenclatureTexts } })],
    ];
    const unloaded: string[] = [];
    for (const file of sourceFiles()) {
      const text = readFileSync(join(SRC, file), "utf8");
      const imported = [...text.matchAll(/^import\s+(?:[^"']*?from\s+)?["'](\.[^"']+)["'];/gm)].map(
        (match) => `${relative(SRC, join(SRC, file, "..", match[1] ?? ""))}.ts`,
      );
      const named = [
        ...[...text.matchAll(KEY_LITERAL)].map((match) => ({ key: match[2] ?? "", prefix: false })),
        ...[...text.matchAll(KEY_TEMPLATE)].map((match) => ({ key: match[1] ?? "", prefix: true })),
      ];
      for (const [loader, keys] of loaders) {
        const needs = named.filter(({ key, prefix }) => (prefix ? keys.some((known) => known.startsWith(key)) : keys.includes(key)));
        if (needs.length > 0 && !imported.includes(loader)) unloaded.push(`src/${file} (${needs[0]?.key}…) does not import src/${loader}`);
      }
    }
    expect(unloaded).toEqual([]);
  });

  it("covers every key built in a template with a test of its own", () => {
    const uses = templatePrefixes();
    // The scan must find the date-range bar's preset labels, or this test proves nothing.
    expect(uses.has("slotdesk.range.presets.")).toBe(true);
    const unchecked = [...uses.entries()]
      .filter(([prefix]) => !DYNAMIC_PREFIXES.includes(prefix))
      .map(([prefix, where]) => `${prefix}\${…} (${where.join(", ")})`);
    expect(unchecked, `Template-built keys without a catalog test:\n${unchecked.join("\n")}`).toEqual([]);
  });

  it("has a preset label for every RangePreset, and no other", () => {
    const prefix = "slotdesk.range.presets.";
    const labelled = catalogKeys(esMX)
      .filter((key) => key.startsWith(prefix))
      .map((key) => key.slice(prefix.length));
    expect([...labelled].sort()).toEqual([...RANGE_PRESETS].sort());
  });

  it("has a label for every audit action and outbox status of the contract, and no other", () => {
    const contract = parseYaml(readFileSync(join(ROOT, "openapi/openapi.yaml"), "utf8"));
    const schemas = contract.components.schemas;
    const labels = (prefix: string) =>
      catalogKeys(esMX)
        .filter((key) => key.startsWith(prefix))
        .map((key) => key.slice(prefix.length))
        .sort();
    expect(labels("slotdesk.audit.actions.")).toEqual([...schemas.AuditAction.enum].sort());
    expect(labels("slotdesk.outbox.status.")).toEqual([...schemas.OutboxMessage.properties.status.enum].sort());
  });

  it("names in Spanish every field the server can write in an audit entry's details, and no other", () => {
    // The server's recordAudit/changes accept only AUDIT_DETAIL_FIELDS (a type error otherwise).
    const prefix = "slotdesk.audit.details.";
    const labels = Object.fromEntries(
      catalogKeys(esMX)
        .filter((key) => key.startsWith(prefix))
        .map((key) => [key.slice(prefix.length), key]),
    );
    expect(Object.keys(labels).sort()).toEqual([...AUDIT_DETAIL_FIELDS].sort());
    const text = (key: string) =>
      key.split(".").reduce<unknown>((node, part) => (typeof node === "object" && node !== null ? Object.entries(node).find(([name]) => name === part)?.[1] : undefined), esMX);
    const untranslated = AUDIT_DETAIL_FIELDS.filter((field) => {
      const label = text(`${prefix}${field}`);
      return typeof label !== "string" || label === field || /_/.test(label);
    });
    expect(untranslated).toEqual([]);
    const sent = catalogKeys(esMX)
      .filter((key) => key.startsWith("slotdesk.audit.sent."))
      .map((key) => key.slice("slotdesk.audit.sent.".length));
    expect(sent.sort()).toEqual([...AUDIT_SENT_VALUES].sort());
    // The keys inside a setting's value: the contract's setting values, each with its label.
    const contract = parseYaml(readFileSync(join(ROOT, "openapi/openapi.yaml"), "utf8"));
    const valueKeys = ["AccomplishmentValue", "CoordinatorEmailValue", "AirlineValue"].flatMap((name) =>
      Object.keys(contract.components.schemas[name].properties),
    );
    expect([...AUDIT_VALUE_FIELDS].sort()).toEqual([...new Set(valueKeys)].sort());
    const valueLabels = catalogKeys(esMX)
      .filter((key) => key.startsWith("slotdesk.audit.value_fields."))
      .map((key) => key.slice("slotdesk.audit.value_fields.".length));
    expect(valueLabels.sort()).toEqual([...AUDIT_VALUE_FIELDS].sort());
  });

  it("has a label for every general, flight and slot status and difference class of the contract, and no other", () => {
    const contract = parseYaml(readFileSync(join(ROOT, "openapi/openapi.yaml"), "utf8"));
    const schemas = contract.components.schemas;
    const labels = (prefix: string) =>
      catalogKeys(esMX)
        .filter((key) => key.startsWith(prefix))
        .map((key) => key.slice(prefix.length))
        .sort();
    expect(labels("slotdesk.statuses.general.")).toEqual([...schemas.GeneralStatus.enum].sort());
    expect(labels("slotdesk.statuses.flight.")).toEqual([...schemas.FlightStatus.enum].sort());
    expect(labels("slotdesk.statuses.slot.")).toEqual([...schemas.SlotStatus.enum].sort());
    expect(labels("slotdesk.statuses.difference.")).toEqual([...schemas.DifferenceClass.enum].sort());
    expect(labels("slotdesk.match_viewer.flight.source.")).toEqual([...schemas.ActualTimeSource.properties.source.enum].sort());
  });

  it("quotes the specification's texts verbatim", () => {
    const text = (key: string) =>
      key.split(".").reduce<unknown>((node, part) => {
        if (typeof node !== "object" || node === null) return undefined;
        return Object.entries(node).find(([name]) => name === part)?.[1];
      }, esMX);
    expect(text("slotdesk.app.resolution")).toBe(
      "Resolución no recomendada, por favor ingresa desde un dispositivo más grande",
    );
    expect(text("slotdesk.auth.expired")).toBe("SU SESIÓN HA CADUCADO, POR FAVOR INICIE SESIÓN DE NUEVO");
    expect(text("slotdesk.errors.generic")).toBe("Ha ocurrido un error, inténtalo de nuevo más tarde");
    expect(text("slotdesk.settings.season_start")).toBe("Inicio de Temp.");
    // The season start upload (seed 002 §5, §7).
    expect(text("slotdesk.season_upload.wrong_type_title")).toBe("Tipo del archivo no válido");
    expect(text("slotdesk.season_upload.wrong_type_text")).toBe(
      "Verifica que el tipo de archivo esté permitido e inténtalo de nuevo",
    );
    expect(text("slotdesk.season_upload.no_file_title")).toBe("No se ha seleccionado ningún archivo");
    expect(text("slotdesk.season_upload.no_file_text")).toBe("Selecciona un archivo antes de intentar guardar la información");
    expect(text("slotdesk.season_upload.season_has_slots")).toBe("Ya hay Slots asignados a la temporada");
    expect(text("slotdesk.season_upload.wrong_format")).toBe("El archivo no cuenta con el formato adecuado");
    expect(text("slotdesk.season_upload.server_error")).toBe("El servidor respondió con un error: %{code}");
    expect(text("slotdesk.drafts.title_new")).toBe("Borrador de altas");
    expect(text("slotdesk.drafts.title_modify")).toBe("Borrador de modificaciones");
    expect(text("slotdesk.drafts.title_cancel")).toBe("Borrador de cancelaciones");
    // The top-bar date range presets.
    expect(text("slotdesk.range.presets")).toEqual({
      last_week: "Semana P.",
      yesterday: "Ayer",
      today: "Hoy",
      this_week: "Esta semana",
      this_month: "Este mes",
      last_month: "Mes pasado",
      season: "Temporada",
      last_season: "Temp. Pasada",
      next_24h: "Próximas 24h",
      next_48h: "Próximas 48h",
      next_72h: "Próximas 72h",
      custom: "Personalizado",
    });
  });
});
