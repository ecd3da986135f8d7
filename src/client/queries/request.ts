/** What every query hook shares: how an answer becomes data or a Spanish error, and the defaults. */
import { apiErrorMessage } from "../api/client";

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
  if (answer.data === undefined) throw new Error(apiErrorMessage(answer.error));
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
