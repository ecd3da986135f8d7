/**
 * Each form's validator compiled at build time (Ajv's standalone code through rjsf), so the
 * browser never compiles a schema: the Content-Security-Policy needs no 'unsafe-eval'.
 */
import { type RJSFSchema, schemaParser } from "@rjsf/utils";
import createAjvInstance from "@rjsf/validator-ajv8/lib/createAjvInstance.js";
import standaloneCode from "ajv/dist/standalone/index.js";

/**
 * rjsf's `compileSchemaValidatorsCode`, with export names of our own: its schema ids are hashes
 * that may start with '-', which Ajv refuses as export names. The module exports `VALIDATE_FNS`,
 * keyed by those ids, as rjsf's precompiled validator looks them up.
 */
export function validatorCode(schema: RJSFSchema): string {
  const schemas = Object.values(schemaParser(schema));
  const ids = schemas.flatMap((item) => (typeof item.$id === "string" ? [item.$id] : []));
  const ajv = createAjvInstance(undefined, undefined, { code: { esm: true, lines: false, source: true }, schemas });
  const mapping = Object.fromEntries(ids.map((id, index) => [`validate_${index}`, id]));
  const code = standaloneCode(ajv, mapping);
  const table = ids.map((id, index) => `  ${JSON.stringify(id)}: validate_${index},`).join("\n");
  return `${code}\nexport const VALIDATE_FNS = {\n${table}\n};\n`;
}

/**
 * Ajv's standalone output still `require`s its runtime helpers (ucs2length, equal, the formats),
 * which are CommonJS: each becomes an ES namespace import, read as the module's exports whether
 * the importer wraps them in `default` (Node) or not (Vite).
 */
export function asEsModule(code: string): string {
  const imports = new Map<string, string>();
  const body = code.replace(/require\("([^"]+)"\)/g, (_all, from: string) => {
    const alias = imports.get(from) ?? `runtime${imports.size}`;
    imports.set(from, alias);
    return `exportsOf(${alias})`;
  });
  const lines = [...imports].map(([from, alias]) => `import * as ${alias} from "${from}";`);
  const helper = imports.size
    ? 'const exportsOf = (ns) => (ns.default && typeof ns.default === "object" && "__esModule" in ns.default ? ns.default : ns);\n'
    : "";
  return `${lines.join("\n")}\n${helper}${body.replace(/^"use strict";/, "")}\n`;
}
