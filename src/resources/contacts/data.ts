/** The coordinator directory, as other views read it (the SCR's cc, a report's send-to); the admin list goes through the contract's data provider. */
import { apiClient } from "../../client/api/client";
import { failure } from "../../client/data/resourceHandlers";
import type { components } from "../../generated/openapi";

export type Contact = components["schemas"]["Contact"];

export const fetchContacts = async (signal?: AbortSignal): Promise<Contact[]> => {
  const { data, error, response } = await apiClient.GET("/api/contact-list", { signal });
  if (!data) throw failure(error, response.status);
  return data;
};
