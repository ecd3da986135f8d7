/**
 * Checks a value against one of the contract's component schemas, as a type guard: used where
 * data comes from somewhere TypeScript cannot see (a jsonb column, a file) and must have a
 * contract shape before it is handed on.
 */
import Ajv2020, { type AnySchema, type ErrorObject, type ValidateFunction } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import type { components } from "../../generated/openapi";
import { CONTRACT_SCHEMA_ID, type Contract } from "./load";

export type Schemas = components["schemas"];
export type SchemaName = keyof Schemas;

export class SchemaValidator {
  private readonly ajv: Ajv2020;
  private readonly compiled = new Map<string, ValidateFunction>();

  constructor(contract: Contract) {
    this.ajv = new Ajv2020({ allErrors: true, strict: true, strictTypes: false, strictRequired: false });
    addFormats(this.ajv);
    this.ajv.addKeyword({ keyword: "example" });
    this.ajv.addKeyword({ keyword: "discriminator" });
    this.ajv.addSchema(contract.schemaBundle as AnySchema);
  }

  private validator(ref: string): ValidateFunction {
    let validate = this.compiled.get(ref);
    if (!validate) {
      validate = this.ajv.compile({ $ref: ref });
      this.compiled.set(ref, validate);
    }
    return validate;
  }

  is<N extends SchemaName>(name: N, value: unknown): value is Schemas[N] {
    return this.validator(`${CONTRACT_SCHEMA_ID}#/$defs/${String(name)}`)(value) === true;
  }

  /** Ajv's errors for `value` against the schema; empty when it is valid. */
  errorsOf(name: SchemaName, value: unknown): ErrorObject[] {
    const validate = this.validator(`${CONTRACT_SCHEMA_ID}#/$defs/${String(name)}`);
    return validate(value) ? [] : [...(validate.errors ?? [])];
  }

  /** Ajv's errors for `value` against the schema, as one text (for test messages and logs). */
  explain(name: SchemaName, value: unknown): string {
    const validate = this.validator(`${CONTRACT_SCHEMA_ID}#/$defs/${String(name)}`);
    return validate(value) ? "" : this.ajv.errorsText(validate.errors);
  }
}
