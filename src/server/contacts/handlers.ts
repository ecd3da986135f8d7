/** The coordinator contact directory (seed 000 §7): everyone reads it, Admin manages it. */
import type { Handler } from "../contract/routes";
import { HttpError } from "../http/errors";
import { expectedVersion } from "../http/versions";
import { type ContactValues, deleteContactRow, insertContact, listContactRows, updateContactRow } from "./queries";

const normalise = (input: { name: string; email: string; notes?: string | undefined }): ContactValues => ({
  name: input.name.trim(),
  email: input.email.trim().toLowerCase(),
  notes: input.notes?.trim() ?? "",
});

function requireName(name: string): void {
  if (!name) throw new HttpError(400, "El nombre es obligatorio.", [{ field: "name", message: "El nombre es obligatorio." }]);
}

export const listContacts: Handler<"listContacts"> = async ({ services }) => {
  return { status: 200, body: await listContactRows(services.db) };
};

export const createContact: Handler<"createContact"> = async ({ body, user, services }) => {
  const values = normalise(body);
  requireName(values.name);
  return { status: 201, body: await insertContact(services.db, values, user, services.now()) };
};

export const updateContact: Handler<"updateContact"> = async ({ body, user, request, services }) => {
  const expected = expectedVersion(request, body.version);
  const values = normalise(body);
  requireName(values.name);
  return { status: 200, body: await updateContactRow(services.db, body.contact_id, expected, values, user, services.now()) };
};

export const deleteContact: Handler<"deleteContact"> = async ({ body, user, request, services }) => {
  const expected = expectedVersion(request, body.version);
  await deleteContactRow(services.db, body.contact_id, expected, user, services.now());
  return { status: 204 };
};
