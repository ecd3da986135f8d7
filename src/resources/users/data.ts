/** The `users` and `roles` resources on the contract's user-administration operations. */
import { HttpError } from "react-admin";
import { apiClient } from "../../client/api/client";
import { failure, listInBrowser, numericId, pickIds, type ResourceHandlers } from "../../client/data/resourceHandlers";
import type { components } from "../../generated/openapi";

export type User = components["schemas"]["User"];
export type Role = components["schemas"]["Role"];
export type UserAddRequest = components["schemas"]["UserAddRequest"];
export type UserUpdateRequest = components["schemas"]["UserUpdateRequest"];
export type UserMailResult = components["schemas"]["UserMailResult"];

const fetchUsers = async (signal?: AbortSignal): Promise<User[]> => {
  const { data, error, response } = await apiClient.GET("/api/user-list/", { signal });
  if (!data) throw failure(error, response.status);
  return data;
};

const fetchRoles = async (signal?: AbortSignal): Promise<Role[]> => {
  const { data, error, response } = await apiClient.GET("/api/roles/", { signal });
  if (!data) throw failure(error, response.status);
  return data;
};

const isAddRequest = (data: object): data is UserAddRequest =>
  "email" in data && typeof data.email === "string" && "role" in data && typeof data.role === "string";

/** What the edit form may send: last name, name, (only when chosen) a role, and the version it was opened on. */
const toUpdateRequest = (id: number, data: Partial<User> & { role_id?: number }, previous?: User): UserUpdateRequest => ({
  user_id: id,
  ...(previous ? { version: previous.version } : {}),
  ...(typeof data.name === "string" && data.name.trim() ? { name: data.name } : {}),
  ...(typeof data.last_name === "string" ? { last_name: data.last_name } : {}),
  ...(typeof data.role_id === "number" ? { role_id: data.role_id } : {}),
});

export const users: ResourceHandlers<User> = {
  async getList(params) {
    const rows = await fetchUsers(params.signal);
    return listInBrowser(rows, params, (user) => [user.name, user.last_name, user.email, user.role.name]);
  },
  async getOne({ id, signal }) {
    const user = (await fetchUsers(signal)).find((row) => row.id === numericId(id));
    if (!user) throw new HttpError(`No existe el usuario ${String(id)}.`, 404);
    return { data: user };
  },
  async getMany({ ids, signal }) {
    return { data: pickIds(await fetchUsers(signal), ids) };
  },
  async create({ data }) {
    return { data: (await inviteUser(data)).user };
  },
  async update({ id, data, previousData }) {
    const { data: updated, error, response } = await apiClient.POST("/api/users/update/", {
      body: toUpdateRequest(numericId(id), data, previousData),
    });
    if (!updated) throw failure(error, response.status);
    return { data: updated };
  },
  async delete({ id, previousData }) {
    const { error, response } = await apiClient.POST("/api/users/delete/", {
      body: { user_id: numericId(id), ...(previousData ? { version: previousData.version } : {}) },
    });
    if (!response.ok) throw failure(error, response.status);
    if (!previousData) throw new HttpError(`No existe el usuario ${String(id)}.`, 404);
    return { data: previousData };
  },
};

export const roles: ResourceHandlers<Role> = {
  async getList(params) {
    return listInBrowser(await fetchRoles(params.signal), params, (role) => [role.name]);
  },
  async getMany({ ids, signal }) {
    return { data: pickIds(await fetchRoles(signal), ids) };
  },
};

/**
 * Invites a person (the add form's values): the pending user and whether the invitation was sent
 * or kept in the outbox, which the form's message says (issue 24 item 6).
 */
export async function inviteUser(data: object): Promise<UserMailResult> {
  if (!isAddRequest(data)) throw new HttpError("Faltan el correo o el rol del usuario.", 400);
  const body: UserAddRequest = { email: data.email, role: data.role };
  if (data.name) body.name = data.name;
  if (data.last_name) body.last_name = data.last_name;
  const { data: created, error, response } = await apiClient.POST("/api/users/add/", { body });
  if (!created) throw failure(error, response.status);
  return created;
}

/**
 * E-mails a reset link (a new invitation to a pending user): the user, and whether the e-mail was
 * sent or kept. Refused (409) when the user changed since the list showed them.
 */
export async function sendPasswordReset(user: Pick<User, "id" | "version">): Promise<UserMailResult> {
  const { data, error, response } = await apiClient.POST("/api/users/password-reset/", {
    body: { user_id: user.id, version: user.version },
  });
  if (!data) throw failure(error, response.status);
  return data;
}

/** The user actions that are not create/update/delete/reset: each answers the user as stored. */
export type UserAction = "block" | "unblock" | "role";

/** Made from the user as the list showed them: refused (409) when someone changed them since. */
export async function runUserAction(action: UserAction, user: Pick<User, "id" | "version">, roleId?: number): Promise<User> {
  const body = { user_id: user.id, version: user.version };
  const result =
    action === "block"
      ? await apiClient.POST("/api/users/block/", { body })
      : action === "unblock"
        ? await apiClient.POST("/api/users/unblock/", { body })
        : await apiClient.POST("/api/users/role/", { body: { ...body, role_id: roleId ?? 0 } });
  if (!result.data) throw failure(result.error, result.response.status);
  return result.data;
}
