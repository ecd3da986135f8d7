/**
 * User administration (Admin): list, invite, edit, role, block, unblock, delete, password reset.
 * The changes and their transactions live in queries.ts.
 */
import type { Handler } from "../contract/routes";
import { expectedVersion } from "../http/versions";
import {
  editUser,
  inviteUser,
  listRoleRows,
  listUserRows,
  removeUser,
  sendUserLink,
  setUserBlocked,
  setUserRole,
  setUserUnblocked,
} from "./queries";

export const listUsers: Handler<"listUsers"> = async ({ query, user, services }) => {
  return { status: 200, body: await listUserRows(services.db, user.id, query.exclude) };
};

export const listRoles: Handler<"listRoles"> = async ({ services }) => {
  return { status: 200, body: await listRoleRows(services.db) };
};

export const addUser: Handler<"addUser"> = async ({ body, user, services }) => {
  return { status: 201, body: await inviteUser(services, user, body) };
};

export const updateUser: Handler<"updateUser"> = async ({ body, user, request, services }) => {
  return { status: 200, body: await editUser(services, user, body, expectedVersion(request, body.version)) };
};

export const changeUserRole: Handler<"changeUserRole"> = async ({ body, user, request, services }) => {
  return { status: 200, body: await setUserRole(services, user, body, expectedVersion(request, body.version)) };
};

export const blockUser: Handler<"blockUser"> = async ({ body, user, request, services }) => {
  return { status: 200, body: await setUserBlocked(services, user, body, expectedVersion(request, body.version)) };
};

export const unblockUser: Handler<"unblockUser"> = async ({ body, user, request, services }) => {
  return { status: 200, body: await setUserUnblocked(services, user, body, expectedVersion(request, body.version)) };
};

export const deleteUser: Handler<"deleteUser"> = async ({ body, user, request, services }) => {
  await removeUser(services, user, body, expectedVersion(request, body.version));
  return { status: 204 };
};

export const resetUserPassword: Handler<"resetUserPassword"> = async ({ body, user, request, services }) => {
  return { status: 200, body: await sendUserLink(services, user, body, expectedVersion(request, body.version)) };
};
