/**
 * The contract as a backend team changes it: one optional property with a Spanish title added to
 * the record, create and update schemas of a resource; then what `npm run generate` makes of it
 * (scripts/contract/resources.ts, the same code the command runs).
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parse } from "yaml";
import { isJsonObject, type Json } from "../../../scripts/contract/document";
import { buildResources, type ResourceBuild } from "../../../scripts/contract/resources";

export const ADDED = "codigo_interno";
export const ADDED_TITLE = "Código interno";

/** The schemas that receive the property: each resource's record, create and update. */
export const CHANGED_SCHEMAS = [
  "Contact", "ContactCreateRequest", "ContactUpdateRequest",
  "User", "UserAddRequest", "UserUpdateRequest",
  "SeasonDetail", "SeasonWrite", "SeasonUpdate",
  "JustificationReason", "JustificationReasonWrite", "JustificationReasonUpdate",
  // Lists only: a Bitácora row and a generation of matches.
  "LogbookRow", "MatchGeneration",
];

let build: ResourceBuild | null = null;

export function changedBuild(): ResourceBuild {
  if (build) return build;
  // The test runs from the checkout's root (jsdom gives modules no file: URL).
  const document: Json = parse(readFileSync(join(process.cwd(), "openapi/openapi.yaml"), "utf8"));
  const components = isJsonObject(document) ? document.components : null;
  const schemas = isJsonObject(components) ? components.schemas : null;
  if (!isJsonObject(schemas)) throw new Error("no schemas");
  for (const name of CHANGED_SCHEMAS) {
    const schema = schemas[name];
    if (!isJsonObject(schema) || !isJsonObject(schema.properties)) throw new Error(`no schema ${name}`);
    schema.properties[ADDED] = { type: "string", maxLength: 20, title: ADDED_TITLE };
  }
  build = buildResources(document);
  return build;
}
