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
    // Ajv checks the bundle against the JSON Schema meta-schema here; the request schemas of every
    // operation are checked against it too, once, at start. The request validators
    // (contract/routes.ts) then skip that check: each Ajv compiles the meta-schema at its first
    // check, and doing it in three instances took a sixth of the start (issue 26).
    this.ajv.addSchema(contract.schemaBundle as AnySchema);
    for (const operation of contract.operations) {
      for (const [part, schema] of [
        ["path", operation.paramsSchema],
        ["query", operation.querySchema],
        ["body", operation.bodySchema],
      ] as const) {
        if (schema && !this.ajv.validateSchema(schema)) {
          throw new Error(`Contract: the ${part} schema of ${operation.operationId} is not valid JSON Schema: ${this.ajv.errorsText(this.ajv.errors)}`);
        }
      }
    }
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
