/** The `contacts` resource on the seed's contact paths (`/api/contact-list`, `/api/contacts/*`). */
import { HttpError } from "react-admin";
import { apiClient } from "../../client/api/client";
import { failure, listInBrowser, numericId, pickIds, type ResourceHandlers } from "../../client/data/resourceHandlers";
import type { components } from "../../generated/openapi";

export type Contact = components["schemas"]["Contact"];
export type ContactCreateRequest = components["schemas"]["ContactCreateRequest"];

export const fetchContacts = async (signal?: AbortSignal): Promise<Contact[]> => {
  const { data, error, response } = await apiClient.GET("/api/contact-list", { signal });
  if (!data) throw failure(error, response.status);
  return data;
};

const toFields = (data: Partial<Contact>): ContactCreateRequest => {
  if (typeof data.name !== "string" || typeof data.email !== "string") {
    throw new HttpError("Faltan el nombre o el correo del contacto.", 400);
  }
  return { name: data.name, email: data.email, notes: data.notes ?? "" };
};

export const contacts: ResourceHandlers<Contact> = {
  async getList(params) {
    const rows = await fetchContacts(params.signal);
    return listInBrowser(rows, params, (contact) => [contact.name, contact.email, contact.notes]);
  },
  async getOne({ id, signal }) {
    const contact = (await fetchContacts(signal)).find((row) => row.id === numericId(id));
    if (!contact) throw new HttpError(`No existe el contacto ${String(id)}.`, 404);
    return { data: contact };
  },
  async getMany({ ids, signal }) {
    return { data: pickIds(await fetchContacts(signal), ids) };
  },
  async create({ data }) {
    const { data: created, error, response } = await apiClient.POST("/api/contacts/create", { body: toFields(data) });
    if (!created) throw failure(error, response.status);
    return { data: created };
  },
  async update({ id, data, previousData }) {
    // The version of the contact the form was opened on: a save after someone else's is refused (409).
    const { data: updated, error, response } = await apiClient.POST("/api/contacts/update", {
      body: { contact_id: numericId(id), ...toFields(data), ...(previousData ? { version: previousData.version } : {}) },
    });
    if (!updated) throw failure(error, response.status);
    return { data: updated };
  },
  async delete({ id, previousData }) {
    const { error, response } = await apiClient.POST("/api/contacts/delete", {
      body: { contact_id: numericId(id), ...(previousData ? { version: previousData.version } : {}) },
    });
    if (!response.ok) throw failure(error, response.status);
    if (!previousData) throw new HttpError(`No existe el contacto ${String(id)}.`, 404);
    return { data: previousData };
  },
};
