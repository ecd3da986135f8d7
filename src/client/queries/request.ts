/** What every query hook shares: how an answer becomes data or a Spanish error, and the defaults. */
import { apiErrorMessage } from "../api/client";
import type { components } from "../../generated/openapi";

type ErrorBody = components["schemas"]["Error"];

/** A refused call: the Spanish sentence as the Error's message, and the server's body when it sent one. */
export class ApiFailure extends Error {
  constructor(
    message: string,
    readonly body: ErrorBody | null,
  ) {
    super(message);
    this.name = "ApiFailure";
  }
}

const isErrorBody = (value: unknown): value is ErrorBody =>
  typeof value === "object" && value !== null && typeof Reflect.get(value, "message") === "string";

/** Who changed a resource after the caller read it (a 409 `STALE VERSION`), else null. */
export type StaleVersion = { message: string; changedBy: string; changedAt: string; currentVersion: number };

/** The stale-version refusal a failed query or mutation carries, if that is what it was. */
export function staleVersionOf(error: unknown): StaleVersion | null {
  const body = error instanceof ApiFailure ? error.body : isErrorBody(error) ? error : null;
  if (!body || body.code !== "STALE VERSION") return null;
  return {
    message: body.message,
    changedBy: body.changed_by ?? "",
    changedAt: body.changed_at ?? "",
    currentVersion: body.current_version ?? 0,
  };
}

/**
 * The answer's data; otherwise an Error carrying the Spanish sentence to show (the server's
 * `message`, or the generic notice for a network failure), as the components showed before.
 */
export async function dataOf<T>(request: Promise<{ data?: T; error?: unknown }>): Promise<T> {
  let answer: { data?: T; error?: unknown };
  try {
    answer = await request;
  } catch (error) {
    throw new Error(apiErrorMessage(error), { cause: error });
  }
  if (answer.data === undefined) {
    throw new ApiFailure(apiErrorMessage(answer.error), isErrorBody(answer.error) ? answer.error : null);
  }
  return answer.data;
}

/**
 * One call per read, as the views did before the cache: a failure shows at once (no silent
 * retries), and coming back to the window does not reload a view behind the user's back.
 */
export const ONE_CALL = { retry: false, refetchOnWindowFocus: false } as const;

/** The sentence of a failed query or mutation (their Errors carry it), else the generic notice. */
export const failureText = (error: unknown): string => (error instanceof Error ? error.message : apiErrorMessage(error));

/** A list as a panel shows it: loading, the failure's sentence, or the list. */
export type PanelData<T> = { status: "loading" } | { status: "error"; message: string } | { status: "ready"; items: T[] };

/** A list query as a panel shows it: loading, the list, or the failure's sentence. */
export const panelOf = <T>(query: { data?: T[]; error: Error | null }): PanelData<T> => {
  if (query.data) return { status: "ready", items: query.data };
  if (query.error) return { status: "error", message: query.error.message };
  return { status: "loading" };
};

/**
 * A multipart call's options: `body` is the contract's fields, each file named by its file name
 * (what the contract declares); the form that goes on the wire carries the files themselves, in
 * the body's order.
 */
export function multipart<B extends Record<string, string | undefined>>(body: B, files: { [K in keyof B]?: File | null }) {
  const byName: Partial<Record<string, File | null>> = files;
  return {
    body,
    bodySerializer: () => {
      const form = new FormData();
      for (const [name, value] of Object.entries(body)) {
        const file = byName[name];
        if (file) form.append(name, file, file.name);
        else if (value !== undefined) form.append(name, value);
      }
      return form;
    },
  };
}
