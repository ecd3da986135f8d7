/**
 * `npm run user:create -- --email X --role Admin [--password P] [--name N] [--last-name L]`
 * Creates an active user in the configured database (DATABASE_URL, or the embedded one under
 * DATA_DIR). Without --password a random one is generated and printed once.
 */
import { parseArgs } from "node:util";
import { PasswordHasher } from "../src/server/auth/passwords";
import { openConfiguredDatabase } from "../src/server/bootstrap";
import { readConfig } from "../src/server/config";
import { isRoleName, ROLE_NAMES } from "../src/generated/access";
import { createUser, UserInputError } from "../src/server/users/create";

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
  const config = readConfig();
  const handle = await openConfiguredDatabase(config, new Date());
  try {
    const created = await createUser(handle.db, new PasswordHasher(config.scryptLog2N), {
      email: values.email,
      role: values.role,
      password: values.password,
      name: values.name,
      lastName: values["last-name"],
    });
    console.log(`Usuario creado: ${created.email} (${values.role}, id ${created.id})`);
    if (!values.password) console.log(`Contraseña (se muestra solo esta vez): ${created.password}`);
    return 0;
  } catch (error) {
    if (error instanceof UserInputError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  } finally {
    await handle.close();
  }
}

process.exitCode = await main();
