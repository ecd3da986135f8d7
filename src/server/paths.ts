/**
 * Files the server reads at run time (migrations, the contract, the API reference's assets),
 * found from the project's root. The server runs both from its sources (tsx, tests) and bundled
 * into dist-server/ (`npm start`), so a path relative to the current module would differ.
 */
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

function findProjectRoot(from: string): string {
  for (let dir = from; ; dir = dirname(dir)) {
    if (existsSync(join(dir, "package.json")) && existsSync(join(dir, "openapi"))) return dir;
    if (dirname(dir) === dir) throw new Error(`No se encontró la carpeta del proyecto Slotdesk desde ${from}`);
  }
}

export const PROJECT_ROOT = findProjectRoot(dirname(fileURLToPath(import.meta.url)));
export const MIGRATIONS_DIR = join(PROJECT_ROOT, "src/server/db/migrations");
export const CONTRACT_FILE = join(PROJECT_ROOT, "openapi/openapi.yaml");
/** The same document as JSON (src/generated/, kept fresh by `npm run generate`; checked by `npm test`). */
export const CONTRACT_JSON_FILE = join(PROJECT_ROOT, "src/generated/contract.json");
export const SWAGGER_UI_DIR = join(PROJECT_ROOT, "node_modules/swagger-ui-dist");
