/**
 * What the contract tests mock: a generated form schema with one field's limit changed, as a
 * backend team could change it, and the validator that checks it. The precompiled validators
 * belong to the generated schemas, so a changed schema is validated by Ajv at run time here.
 */
import type { RJSFSchema } from "@rjsf/utils";
import { customizeValidator } from "@rjsf/validator-ajv8";

/** `schema` with `field`'s maxLength set to `maxLength`. */
export function withMaxLength(schema: RJSFSchema, field: string, maxLength: number): RJSFSchema {
  const properties = typeof schema.properties === "object" ? schema.properties : {};
  const property = properties[field];
  return typeof property === "object" ? { ...schema, properties: { ...properties, [field]: { ...property, maxLength } } } : schema;
}

const runtime = customizeValidator();

/** The validator module with every form checked at run time against the (changed) schema it is given. */
export async function runtimeValidatorModule(original: typeof import("../../../src/client/schema/validator")) {
  return { ...original, formValidator: () => runtime };
}
