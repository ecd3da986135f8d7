/** The CI check of breaking contract changes (scripts/contract-check.ts) on the real contract, changed as a backend team would. */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { isJsonObject, type Json } from "../../scripts/contract/document";
import { diffContracts } from "../../scripts/contract/diff";

const contract = (): Json => JSON.parse(readFileSync(new URL("../../src/generated/contract.json", import.meta.url), "utf8"));
const schema = (document: Json, name: string) => {
  const components = isJsonObject(document) ? document.components : null;
  const schemas = isJsonObject(components) ? components.schemas : null;
  const found = isJsonObject(schemas) ? schemas[name] : null;
  if (!isJsonObject(found) || !isJsonObject(found.properties)) throw new Error(`no schema ${name}`);
  return found as { properties: Record<string, Json>; required?: Json[] } & Record<string, Json>;
};

describe("contract check", () => {
  it("names a removed property as breaking", () => {
    const after = contract();
    delete schema(after, "Contact").properties.notes;
    expect(diffContracts(contract(), after)).toEqual([{ breaking: true, text: "removed property Contact.notes" }]);
  });

  it("lists an added optional property as not breaking", () => {
    const after = contract();
    schema(after, "ContactCreateRequest").properties.codigo_interno = { type: "string", maxLength: 20, title: "Código interno" };
    expect(diffContracts(contract(), after)).toEqual([{ breaking: false, text: "added optional property ContactCreateRequest.codigo_interno" }]);
  });

  it("names a narrowed type and a new required request field as breaking", () => {
    const after = contract();
    const create = schema(after, "ContactCreateRequest");
    create.properties.notes = { type: "string", maxLength: 100 };
    create.properties.codigo = { type: "string" };
    create.required = [...(create.required ?? []), "codigo"];
    const texts = diffContracts(contract(), after).map((change) => `${change.breaking ? "!" : ""}${change.text}`);
    expect(texts).toEqual(["!narrowed ContactCreateRequest.notes: maxLength 256 → 100", "!added required property ContactCreateRequest.codigo"]);
  });

  it("finds nothing between a contract and itself", () => {
    expect(diffContracts(contract(), contract())).toEqual([]);
  });
});
