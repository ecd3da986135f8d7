/**
 * Signing in over real HTTP for the benches that talk to a spawned server: the CSRF token is
 * renewed when the session opens (src/server/auth/csrf.ts), so the writes after sign-in must
 * carry the token from the login's answer, not the one fetched before it.
 */
export type HttpSession = { session: string; headers: Record<string, string> };

const cookieOf = (setCookie: string | null, name: string): string | undefined =>
  new RegExp(`${name}=([^;]+)`).exec(setCookie ?? "")?.[1];

export async function signInOverHttp(base: string, email: string, password: string): Promise<HttpSession> {
  const csrf = await fetch(`${base}/api/auth/csrf/`);
  const token = ((await csrf.json()) as { csrftoken: string }).csrftoken;
  const login = await fetch(`${base}/api/auth/login/`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-csrftoken": token, cookie: `csrftoken=${token}` },
    body: JSON.stringify({ email, password }),
  });
  if (!login.ok) throw new Error(`login answered ${login.status}`);
  const setCookie = login.headers.get("set-cookie");
  const session = cookieOf(setCookie, "slotdesk_session") ?? "";
  const renewed = cookieOf(setCookie, "csrftoken") ?? token;
  return {
    session,
    headers: { "content-type": "application/json", "x-csrftoken": renewed, cookie: `csrftoken=${renewed}; slotdesk_session=${session}` },
  };
}
