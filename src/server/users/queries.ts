/**
 * The users table's SQL, and every change of it: the Admin's (invite, edit, role, block, unblock,
 * delete, password reset), the account's own (name, password, an e-mailed link's password) and
 * sign-in's stamp. Every Admin change runs in one transaction with its audit entry and its
 * e-mail, so a refused or undeliverable change leaves nothing behind. Slotdesk is never left
 * without an active Admin. Sessions belong to auth (endSessionsOf).
 */
import { and, asc, count, eq, ne, sql } from "drizzle-orm";
import { isRoleName } from "../../generated/access";
import type { components } from "../../generated/openapi";
import { accountLink, issueToken } from "../account/tokens";
import { invitationMail, resetMail } from "../account/mails";
import type { AuditDetails } from "../../domain/audit";
import { type AuditRecord, changes, recordAudit } from "../audit/record";
import { type AuthenticatedUser, endSessionsOf } from "../auth/sessions";
import type { Database } from "../db/client";
import { airports as airportsTable, roles, users } from "../db/schema";
import { HttpError } from "../http/errors";
import { checkVersion } from "../http/versions";
import { versionStamp } from "../http/versionStamp";
import type { Services } from "../services";

type User = components["schemas"]["User"];
type UserAdd = components["schemas"]["UserAddRequest"];

const userColumns = {
  id: users.id,
  name: users.name,
  lastName: users.lastName,
  email: users.email,
  isPending: users.isPending,
  isBlocked: users.isBlocked,
  lastLogin: users.lastLogin,
  roleId: roles.id,
  roleName: roles.name,
  version: users.version,
  airports: users.airports,
  defaultAirport: users.defaultAirport,
};

type UserRow = {
  id: number;
  name: string;
  lastName: string;
  email: string;
  isPending: boolean;
  isBlocked: boolean;
  lastLogin: Date | null;
  roleId: number;
  roleName: string;
  version: number;
  airports: string[] | null;
  defaultAirport: string | null;
};

export function toUser(row: UserRow): User {
  if (!isRoleName(row.roleName)) throw new Error(`user ${row.id} has an unknown role ${row.roleName}`);
  return {
    id: row.id,
    name: row.name,
    last_name: row.lastName,
    email: row.email,
    role: { id: row.roleId, name: row.roleName },
    is_pendent: row.isPending,
    is_blocked: row.isBlocked,
    last_login: row.lastLogin ? row.lastLogin.toISOString() : null,
    version: row.version,
    airports: row.airports,
    default_airport: row.defaultAirport,
  };
}

/** A user's airports as an Admin set them (issue 37 item 6); undefined: left as stored. */
export interface UserAirportsEdit {
  airports?: string[] | null | undefined;
  default_airport?: string | null | undefined;
}

function refuseAirport(field: "airports" | "default_airport", message: string): never {
  throw new HttpError(400, message, [{ field, message }]);
}

/**
 * The restriction and default an edit leaves the user with, checked: every code is an airport of
 * the list, the default is one the team holds and, for a restricted user, one of theirs. An empty
 * restriction means every airport, as none does.
 */
async function checkedAirports(db: Database, edit: UserAirportsEdit, before: { airports: string[] | null; defaultAirport: string | null }) {
  const restricted = edit.airports === undefined ? before.airports : edit.airports === null || edit.airports.length === 0 ? null : [...new Set(edit.airports)].sort();
  const defaultAirport = edit.default_airport === undefined ? before.defaultAirport : edit.default_airport;
  const known = await db.select({ code: airportsTable.code, active: airportsTable.active }).from(airportsTable);
  const byCode = new Map(known.map((row) => [row.code, row.active]));
  if (edit.airports !== undefined && restricted !== null) {
    const unknown = restricted.filter((code) => !byCode.has(code));
    if (unknown.length > 0) refuseAirport("airports", `${unknown.length === 1 ? "El aeropuerto" : "Los aeropuertos"} ${unknown.join(", ")} no ${unknown.length === 1 ? "está" : "están"} en la lista de aeropuertos.`);
  }
  if (defaultAirport !== null && (edit.default_airport !== undefined || edit.airports !== undefined)) {
    if (byCode.get(defaultAirport) !== true) refuseAirport("default_airport", `El aeropuerto ${defaultAirport} no está en la lista de aeropuertos activos.`);
    if (restricted !== null && !restricted.includes(defaultAirport)) {
      refuseAirport("default_airport", `El aeropuerto predeterminado ${defaultAirport} no está entre los aeropuertos permitidos del usuario.`);
    }
  }
  return { airports: restricted, defaultAirport };
}

const airportsText = (codes: string[] | null) => (codes === null ? null : codes.join(", "));

const fullName = (row: { name: string; lastName: string }) => `${row.name} ${row.lastName}`.trim();

async function findUser(db: Database, id: number): Promise<UserRow> {
  const [row] = await db.select(userColumns).from(users).innerJoin(roles, eq(roles.id, users.roleId)).where(eq(users.id, id));
  if (!row) throw new HttpError(404, `No existe el usuario ${id}.`);
  return row;
}

/**
 * Locks the user's row for the rest of the transaction and refuses (409 `STALE VERSION`) a change
 * made from another version than the current one; 404 when there is no such user.
 */
async function lockUser(db: Database, id: number, expected: number | null): Promise<void> {
  const [row] = await db
    .select({ email: users.email, version: users.version, changedBy: users.updatedByName, changedAt: users.updatedAt })
    .from(users)
    .where(eq(users.id, id))
    .for("update");
  if (!row) throw new HttpError(404, `No existe el usuario ${id}.`);
  checkVersion(expected, row, `el usuario ${row.email}`);
}

async function findRole(db: Database, id: number): Promise<{ id: number; name: string }> {
  const [row] = await db.select().from(roles).where(eq(roles.id, id));
  if (!row) throw new HttpError(400, `El rol ${id} no existe.`, [{ field: "role_id", message: `El rol ${id} no existe.` }]);
  return row;
}

/**
 * Locks every Admin row for the rest of the transaction, so two administrators demoting each
 * other at the same moment cannot both succeed; then `assertAdminRemains` counts after the change.
 */
async function lockAdmins(db: Database): Promise<void> {
  await db.execute(
    sql`select ${users.id} from ${users} where ${users.roleId} = (select ${roles.id} from ${roles} where ${roles.name} = 'Admin') for update`,
  );
}

async function assertAdminRemains(db: Database): Promise<void> {
  const [row] = await db
    .select({ n: count() })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(and(eq(roles.name, "Admin"), eq(users.isBlocked, false), eq(users.isPending, false)));
  if ((row?.n ?? 0) === 0) {
    throw new HttpError(
      409,
      "No es posible: Slotdesk se quedaría sin ningún administrador activo. Asigne primero el rol Admin a otra persona.",
    );
  }
}

function refuseSelf(actor: AuthenticatedUser, userId: number, what: string): void {
  if (actor.id === userId) throw new HttpError(409, `No puede ${what} su propia cuenta desde el panel de administrador.`);
}

/** The audit record of an action on a user account, named by its e-mail. */
async function auditUser(
  db: Database,
  actor: AuthenticatedUser,
  services: Services,
  action: AuditRecord["action"],
  target: { id: number; email: string },
  details?: AuditDetails,
): Promise<void> {
  await recordAudit(db, actor, services.now(), { action, targetType: "user", targetId: target.id, targetLabel: target.email, details });
}

/** Sends the invitation (pending user) or the reset link (active user), in the caller's transaction. */
async function sendAccountLink(db: Database, services: Services, actor: AuthenticatedUser, row: UserRow) {
  const now = services.now();
  if (row.isPending) {
    const { token, expiresAt } = await issueToken(db, row.id, "invitation", now);
    return services.mailer.send(
      db,
      invitationMail({
        email: row.email,
        name: row.name,
        link: accountLink(services.config.publicAppUrl, token),
        expiresAt,
        invitedBy: fullName(actor) || actor.email,
      }),
    );
  }
  const { token, expiresAt } = await issueToken(db, row.id, "reset", now);
  return services.mailer.send(
    db,
    resetMail({ email: row.email, name: row.name, link: accountLink(services.config.publicAppUrl, token), expiresAt }),
  );
}

/** Every user but the caller (and `exclude`), by name. */
export async function listUserRows(db: Database, callerId: number, exclude: number | undefined): Promise<User[]> {
  const rows = await db
    .select(userColumns)
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(and(ne(users.id, callerId), exclude ? ne(users.id, exclude) : undefined))
    .orderBy(asc(users.name), asc(users.lastName), asc(users.email));
  return rows.map(toUser);
}

export async function listRoleRows(db: Database) {
  const rows = await db.select().from(roles).orderBy(asc(roles.id));
  return rows.flatMap((row) => (isRoleName(row.name) ? [{ id: row.id, name: row.name }] : []));
}

/** Invites a person: a pending user, the invitation e-mailed and audited, in one transaction. */
export async function inviteUser(services: Services, user: AuthenticatedUser, body: UserAdd) {
  const email = body.email.trim().toLowerCase();
  const created = await services.db.transaction(async (tx) => {
    const [existing] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email));
    if (existing) {
      throw new HttpError(409, `Ya existe un usuario con el correo ${email}.`, [
        { field: "email", message: `Ya existe un usuario con el correo ${email}.` },
      ]);
    }
    const [role] = await tx.select().from(roles).where(eq(roles.name, body.role));
    if (!role) throw new HttpError(400, `El rol ${body.role} no existe.`, [{ field: "role", message: `El rol ${body.role} no existe.` }]);
    const place = await checkedAirports(tx, body, { airports: null, defaultAirport: null });
    const [inserted] = await tx
      .insert(users)
      .values({
        email,
        name: body.name?.trim() ?? "",
        lastName: body.last_name?.trim() ?? "",
        roleId: role.id,
        isPending: true,
        passwordHash: null,
        airports: place.airports,
        defaultAirport: place.defaultAirport,
        createdAt: services.now(),
      })
      .returning({ id: users.id });
    if (!inserted) throw new Error("insert returned no row");
    const row = await findUser(tx, inserted.id);
    const mail = await sendAccountLink(tx, services, user, row);
    await auditUser(tx, user, services, "user.invite", row, {
      role: role.name,
      ...(place.airports !== null ? { airports: airportsText(place.airports) } : {}),
      ...(place.defaultAirport !== null ? { default_airport: place.defaultAirport } : {}),
    });
    return { row, mailStatus: mail.status };
  });
  return { user: toUser(created.row), mail_status: created.mailStatus };
}

export async function editUser(
  services: Services,
  user: AuthenticatedUser,
  body: { user_id: number; name?: string | undefined; last_name?: string | undefined; role_id?: number | undefined } & UserAirportsEdit,
  expected: number | null,
): Promise<User> {
  const updated = await services.db.transaction(async (tx) => {
    await lockAdmins(tx);
    await lockUser(tx, body.user_id, expected);
    const before = await findUser(tx, body.user_id);
    const role = body.role_id !== undefined ? await findRole(tx, body.role_id) : null;
    if (role && role.id !== before.roleId) refuseSelf(user, before.id, "cambiar el rol de");
    const place = await checkedAirports(tx, body, before);
    const next = {
      name: body.name?.trim() ?? before.name,
      lastName: body.last_name?.trim() ?? before.lastName,
      roleId: role?.id ?? before.roleId,
      airports: place.airports,
      defaultAirport: place.defaultAirport,
    };
    const sameAirports = airportsText(next.airports) === airportsText(before.airports) && next.defaultAirport === before.defaultAirport;
    // Saved unchanged, the user keeps their version.
    if (next.name === before.name && next.lastName === before.lastName && next.roleId === before.roleId && sameAirports) return before;
    await tx
      .update(users)
      .set({ ...next, ...versionStamp(users.version, user, services.now()) })
      .where(eq(users.id, before.id));
    await assertAdminRemains(tx);
    const after = await findUser(tx, before.id);
    const diff = changes(
      { name: before.name, last_name: before.lastName, role: before.roleName, airports: airportsText(before.airports), default_airport: before.defaultAirport },
      { name: after.name, last_name: after.lastName, role: after.roleName, airports: airportsText(after.airports), default_airport: after.defaultAirport },
    );
    if (Object.keys(diff).length > 0) {
      await auditUser(tx, user, services, "user.update", after, diff);
    }
    // A new role takes effect on the next request: sessions read the role from the user row.
    return after;
  });
  return toUser(updated);
}

export async function setUserRole(services: Services, user: AuthenticatedUser, body: { user_id: number; role_id: number }, expected: number | null): Promise<User> {
  const updated = await services.db.transaction(async (tx) => {
    await lockAdmins(tx);
    await lockUser(tx, body.user_id, expected);
    const before = await findUser(tx, body.user_id);
    const role = await findRole(tx, body.role_id);
    if (role.id === before.roleId) return before;
    refuseSelf(user, before.id, "cambiar el rol de");
    await tx
      .update(users)
      .set({ roleId: role.id, ...versionStamp(users.version, user, services.now()) })
      .where(eq(users.id, before.id));
    await assertAdminRemains(tx);
    await auditUser(tx, user, services, "user.role", before, { role: { from: before.roleName, to: role.name } });
    return findUser(tx, before.id);
  });
  return toUser(updated);
}

export async function setUserBlocked(services: Services, user: AuthenticatedUser, body: { user_id: number }, expected: number | null): Promise<User> {
  const updated = await services.db.transaction(async (tx) => {
    await lockAdmins(tx);
    await lockUser(tx, body.user_id, expected);
    const before = await findUser(tx, body.user_id);
    refuseSelf(user, before.id, "bloquear");
    if (before.isBlocked) return before;
    await tx
      .update(users)
      .set({ isBlocked: true, ...versionStamp(users.version, user, services.now()) })
      .where(eq(users.id, before.id));
    await assertAdminRemains(tx);
    // Their open sessions end now, not at their next request.
    await endSessionsOf(tx, before.id);
    await auditUser(tx, user, services, "user.block", before);
    return findUser(tx, before.id);
  });
  return toUser(updated);
}

export async function setUserUnblocked(services: Services, user: AuthenticatedUser, body: { user_id: number }, expected: number | null): Promise<User> {
  const updated = await services.db.transaction(async (tx) => {
    await lockUser(tx, body.user_id, expected);
    const before = await findUser(tx, body.user_id);
    if (!before.isBlocked) return before;
    await tx
      .update(users)
      .set({ isBlocked: false, ...versionStamp(users.version, user, services.now()) })
      .where(eq(users.id, before.id));
    await auditUser(tx, user, services, "user.unblock", before);
    return findUser(tx, before.id);
  });
  return toUser(updated);
}

export async function removeUser(services: Services, user: AuthenticatedUser, body: { user_id: number }, expected: number | null): Promise<void> {
  await services.db.transaction(async (tx) => {
    await lockAdmins(tx);
    await lockUser(tx, body.user_id, expected);
    const before = await findUser(tx, body.user_id);
    refuseSelf(user, before.id, "eliminar");
    // Sessions and links go with the user (ON DELETE CASCADE).
    await tx.delete(users).where(eq(users.id, before.id));
    await assertAdminRemains(tx);
    await auditUser(tx, user, services, "user.delete", before, { name: fullName(before), role: before.roleName });
  });
}

/** E-mails the user a new link (invitation while pending, else a reset), audited. */
export async function sendUserLink(services: Services, user: AuthenticatedUser, body: { user_id: number }, expected: number | null) {
  const row = await services.db.transaction(async (tx) => {
    // A link sent from a stale view (the account was blocked, renamed…) is refused; it changes no field.
    await lockUser(tx, body.user_id, expected);
    const target = await findUser(tx, body.user_id);
    if (target.isBlocked) {
      throw new HttpError(409, `El usuario ${target.email} está bloqueado: desbloquéelo antes de restablecer su contraseña.`);
    }
    const mail = await sendAccountLink(tx, services, user, target);
    await auditUser(tx, user, services, "user.password_reset", target, { sent: target.isPending ? "invitation" : "reset" });
    return { target, mailStatus: mail.status };
  });
  return { user: toUser(row.target), mail_status: row.mailStatus };
}

// ---- the account's own changes and sign-in's stamp (the users table is this concept's) --------

/** The user's own new name; an Admin's edit made from before it is then refused (version moves on). */
export async function renameOwnUser(db: Database, user: AuthenticatedUser, name: string, lastName: string, now: Date): Promise<void> {
  await db
    .update(users)
    .set({ name, lastName, ...versionStamp(users.version, { ...user, name, lastName }, now) })
    .where(eq(users.id, user.id));
}

export async function passwordHashOf(db: Database, userId: number): Promise<string | null> {
  const [row] = await db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, userId));
  return row?.hash ?? null;
}

/** The user's own new password; anyone else holding a session of the account is signed out. */
export async function setOwnPassword(db: Database, userId: number, hash: string, keepSessionId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash: hash }).where(eq(users.id, userId));
    await endSessionsOf(tx, userId, keepSessionId);
  });
}

/** A user's account, by e-mail or id: what a reset request and an e-mailed link look at. */
export async function userAccount(db: Database, by: { email: string } | { id: number }) {
  const [row] = await db
    .select({ id: users.id, email: users.email, name: users.name, lastName: users.lastName, isBlocked: users.isBlocked, isPending: users.isPending })
    .from(users)
    .where("email" in by ? eq(users.email, by.email) : eq(users.id, by.id));
  return row;
}

/**
 * An e-mailed link's password, in the caller's transaction: pending → active (and, for an
 * invitation, named), which moves the version on; every session ends (the old password may be
 * known to someone else). False when the user is gone or blocked.
 */
export async function setPasswordFromLink(
  db: Database,
  userId: number,
  hash: string,
  named: { name?: string; lastName?: string },
  now: Date,
): Promise<boolean> {
  const [row] = await db
    .select({ isBlocked: users.isBlocked, name: users.name, lastName: users.lastName, email: users.email })
    .from(users)
    .where(eq(users.id, userId));
  if (!row || row.isBlocked) return false;
  await db
    .update(users)
    .set({ passwordHash: hash, isPending: false, ...named, ...versionStamp(users.version, { ...row, ...named, id: userId }, now) })
    .where(eq(users.id, userId));
  await endSessionsOf(db, userId);
  return true;
}

/** A successful sign-in's stamp. */
export async function stampLastLogin(db: Database, userId: number, now: Date): Promise<void> {
  await db.update(users).set({ lastLogin: now }).where(eq(users.id, userId));
}

/** Who answers for a request recorded by hand. */
export async function responsibleUser(db: Database, userId: number) {
  const [row] = await db.select({ id: users.id, name: users.name, lastName: users.lastName, email: users.email }).from(users).where(eq(users.id, userId));
  return row;
}
