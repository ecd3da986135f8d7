/**
 * The contact directory (`GET /api/contact-list`) other views pick addresses from. Its key is the
 * `contacts` resource's root, so react-admin's own writes to contacts invalidate it too.
 */
import { useQuery } from "@tanstack/react-query";
import { apiClient } from "../api/client";
import type { components } from "../../generated/openapi";
import { queryKeys } from "./keys";
import { dataOf, ONE_CALL } from "./request";

export type Contact = components["schemas"]["Contact"];

export function useContacts() {
  return useQuery({
    queryKey: queryKeys.contacts,
    queryFn: ({ signal }) => dataOf(apiClient.GET("/api/contact-list", { signal })),
    ...ONE_CALL,
  });
}
