/**
 * Copies go to the directory only (seed 000 §2.2: the contacts are the cc options of every SCR
 * and report): the cc addresses as the directory holds them, and a problem naming each one that
 * is not a contact's.
 */
import { inArray } from "drizzle-orm";
import type { Database } from "../db/client";
import { contacts } from "../db/schema";

export async function directoryAddresses(
  db: Database,
  cc: readonly string[],
): Promise<{ emails: string[]; problems: { field: string; message: string }[] }> {
  const wanted = cc.map((email) => email.trim().toLowerCase());
  const rows = wanted.length === 0 ? [] : await db.select({ email: contacts.email }).from(contacts).where(inArray(contacts.email, wanted));
  const known = new Set(rows.map((row) => row.email));
  const problems = wanted.flatMap((email, index) =>
    known.has(email) ? [] : [{ field: `cc[${index}]`, message: `El correo ${cc[index]} no está en el directorio de contactos.` }],
  );
  return { emails: [...new Set(wanted)], problems };
}
