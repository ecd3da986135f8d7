/**
 * `npm run user:create -- --email X --role Admin [--password P] [--name N] [--last-name L]`
 * Creates an active user in the configured database (DATABASE_URL, or the embedded one under
 * DATA_DIR — through the running server when there is one). Without --password a random one is
 * generated and printed once.
 */
import { parseArgs } from "node:util";
import { isRoleName, ROLE_NAMES } from "../src/generated/access";
import { printOutput, runCommand } from "../src/server/owner/commands";
import { DataDirError } from "../src/server/owner/lock";

const usage = `Uso: npm run user:create -- --email CORREO --role ROL [--password CONTRASEÑA] [--name NOMBRE] [--last-name APELLIDO]
Roles: ${ROLE_NAMES.join(", ")}`;

async function main(): Promise<number> {
  let values: { email?: string; role?: string; password?: string; name?: string; "last-name"?: string; help?: boolean };
  try {
    ({ values } = parseArgs({
      options: {
        email: { type: "string" },
        role: { type: "string" },
        password: { type: "string" },
        name: { type: "string" },
        "last-name": { type: "string" },
        help: { type: "boolean", short: "h" },
      },
      strict: true,
    }));
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n${usage}`);
    return 2;
  }
  if (values.help) {
    console.log(usage);
    return 0;
  }
  if (!values.email || !values.role) {
    console.error(`Faltan --email y --role.\n${usage}`);
    return 2;
  }
  if (!isRoleName(values.role)) {
    console.error(`Rol desconocido: ${values.role}.\n${usage}`);
    return 2;
  }
  const args = {
    email: values.email,
    role: values.role,
    password: values.password,
    name: values.name,
    lastName: values["last-name"],
  };
  return printOutput(await runCommand("user:create", args, "npm run user:create"));
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof DataDirError ? error.message : `No se pudo crear el usuario: ${String(error)}`);
    process.exit(1);
  },
);
