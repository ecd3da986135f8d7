/**
 * The user actions the contract's resource description does not cover (reset, block, unblock,
 * the row's role picker); the list, invitation, edit and deletion go through the contract's data
 * provider (`x-resource` on the user operations).
 */
import { apiClient } from "../../client/api/client";
import { failure } from "../../client/data/resourceHandlers";
import type { components } from "../../generated/openapi";

export type User = components["schemas"]["User"];
export type Role = components["schemas"]["Role"];
export type UserMailResult = components["schemas"]["UserMailResult"];

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null;

/** Whether an invitation's e-mail left (the generic create hands the whole answer back in `meta.answer`). */
export const mailStatusOf = (meta: unknown): UserMailResult["mail_status"] | null => {
  const answer = isObject(meta) ? meta.answer : undefined;
  const status = isObject(answer) ? answer.mail_status : undefined;
  return status === "sent" || status === "kept" ? status : null;
};

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
