/** Naming of the throw-away PostgreSQL databases the API tests create. */
export const TEMPLATE_PREFIX = "slotdesk_tpl_";

/** The same server and credentials as `baseUrl`, another database. */
export function databaseUrlFor(baseUrl: string, database: string): string {
  const url = new URL(baseUrl);
  url.pathname = `/${database}`;
  return url.toString();
}
