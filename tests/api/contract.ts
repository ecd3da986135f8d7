/**
 * Checks real responses against the contract: the schema the contract declares for that
 * operation and status (or `default`). Independent of the server's own code paths.
 */

import Ajv2020, { type AnySchema, type ValidateFunction } from "ajv/dist/2020";
import addFormats from "ajv-formats";
import {
  CONTRACT_FILE,
  type Contract,
  type ContractOperation,
  loadContract,
  rewriteRefs,
} from "../../src/server/contract/load";

export const contract: Contract = await loadContract(CONTRACT_FILE);

const ajv = new Ajv2020({ allErrors: true, strict: true, strictTypes: false, strictRequired: false });
addFormats(ajv);
ajv.addKeyword({ keyword: "example" });
ajv.addKeyword({ keyword: "discriminator" });
ajv.addSchema(contract.schemaBundle as AnySchema);

type Json = { [key: string]: unknown };
const isJson = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v);

function pointer(ref: string): unknown {
  let node: unknown = contract.document;
  for (const raw of ref.replace(/^#\//, "").split("/")) {
    const part = raw.replace(/~1/g, "/").replace(/~0/g, "~");
    node = isJson(node) ? node[part] : undefined;
  }
  return node;
}

/** The declared response for an operation and status, following `#/components/responses/…`. */
export function declaredResponse(op: ContractOperation, status: number): Json | null {
  const item = pointer(`#/paths/${op.path.replace(/\//g, "~1")}/${op.method}`);
  if (!isJson(item) || !isJson(item.responses)) return null;
  let response = item.responses[String(status)] ?? item.responses.default;
  if (isJson(response) && typeof response.$ref === "string") response = pointer(response.$ref);
  return isJson(response) ? response : null;
}

const validators = new Map<string, ValidateFunction>();

/** Throws with the contract's complaint when a response does not match what is declared. */
export function assertMatchesContract(op: ContractOperation, status: number, contentType: string, body: string): void {
  const response = declaredResponse(op, status);
  if (!response) throw new Error(`${op.operationId} answered ${status}, which the contract does not declare`);
  const content = isJson(response.content) ? response.content : null;
  if (!content) {
    if (body.length > 0) throw new Error(`${op.operationId} ${status} has a body but the contract declares none`);
    return;
  }
  const json = content["application/json"];
  // A declared file type (text/csv, an .xlsx): the media type is all there is to check.
  const mediaType = contentType.split(";")[0]?.trim() ?? "";
  if (!isJson(json) && mediaType !== "application/json" && isJson(content[mediaType])) return;
  if (!isJson(json) || !isJson(json.schema)) throw new Error(`${op.operationId} ${status}: no JSON schema declared`);
  if (!contentType.startsWith("application/json")) {
    throw new Error(`${op.operationId} ${status} answered ${contentType}, the contract says application/json`);
  }
  const key = `${op.operationId}:${status}`;
  let validate = validators.get(key);
  if (!validate) {
    validate = ajv.compile(rewriteRefs(json.schema) as AnySchema);
    validators.set(key, validate);
  }
  const value: unknown = JSON.parse(body);
  if (!validate(value)) {
    throw new Error(
      `${op.operationId} ${status} does not match the contract: ${ajv.errorsText(validate.errors)}\n${body}`,
    );
  }
}
