/**
 * Creating users outside the admin screens: the `user:create` command and the demo users that
 * an empty embedded database gets on its first start. Passwords are never fixed: either given
 * by the operator or generated and shown once.
 */
import { count, eq } from "drizzle-orm";
import { isRoleName, ROLE_NAMES } from "../../generated/access";
import type { components } from "../../generated/openapi";
import { generatePassword, type PasswordHasher } from "../auth/passwords";
import type { Database } from "../db/client";
import { roles, users } from "../db/schema";

type RoleName = components["schemas"]["RoleName"];

export interface NewUser {
  email: string;
  role: RoleName;
  name?: string | undefined;
  lastName?: string | undefined;
  password?: string | undefined;
}

export const MIN_PASSWORD_LENGTH = 12;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export class UserInputError extends Error {}

/** Creates an active user; returns the password (the given one, or a generated one). */
export async function createUser(
  db: Database,
  hasher: PasswordHasher,
  input: NewUser,
): Promise<{ id: number; email: string; password: string }> {
  const email = input.email.trim().toLowerCase();
  if (!EMAIL.test(email) || email.length > 256)
    throw new UserInputError(`Correo electrónico no válido: ${input.email}`);
  if (!isRoleName(input.role)) {
    throw new UserInputError(`Rol desconocido: ${input.role}. Use uno de: ${ROLE_NAMES.join(", ")}`);
  }
  const password = input.password ?? generatePassword();
  if (password.length < MIN_PASSWORD_LENGTH) {
    throw new UserInputError(`La contraseña debe tener al menos ${MIN_PASSWORD_LENGTH} caracteres.`);
  }
  const [role] = await db.select({ id: roles.id }).from(roles).where(eq(roles.name, input.role));
  if (!role) throw new UserInputError(`El rol ${input.role} no existe en la base de datos.`);
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (existing) throw new UserInputError(`Ya existe un usuario con el correo ${email}.`);
  const [created] = await db
    .insert(users)
    .values({
      email,
      name: input.name ?? "",
      lastName: input.lastName ?? "",
      roleId: role.id,
      passwordHash: await hasher.hash(password),
    })
    .returning({ id: users.id });
  if (!created) throw new Error("insert returned no row");
  return { id: created.id, email, password };
}

const DEMO_PEOPLE: ReadonlyArray<{ role: RoleName; email: string; name: string; lastName: string }> = [
  { role: "Admin", email: "admin@slotdesk.example", name: "Ana", lastName: "Administradora" },
  { role: "Slot", email: "slot@slotdesk.example", name: "Sergio", lastName: "Slots" },
  { role: "Seguimiento", email: "seguimiento@slotdesk.example", name: "Sofía", lastName: "Seguimiento" },
  { role: "Reportes", email: "reportes@slotdesk.example", name: "Raúl", lastName: "Reportes" },
];

/** One user per role with a random password, only when the database has no user at all. */
export async function createDemoUsersIfEmpty(
  db: Database,
  hasher: PasswordHasher,
): Promise<Array<{ role: RoleName; email: string; password: string }>> {
  const [row] = await db.select({ n: count() }).from(users);
  if ((row?.n ?? 0) > 0) return [];
  const created: Array<{ role: RoleName; email: string; password: string }> = [];
  for (const person of DEMO_PEOPLE) {
    const { email, password } = await createUser(db, hasher, person);
    created.push({ role: person.role, email, password });
  }
  return created;
}
