/**
 * The visibility filter as the browser keeps it under 'filters' (seed 001 §2.4), shared by
 * Entrega de turno and the dashboard timeline. Storage may be unavailable (private windows,
 * quotas): the filter then still applies to the page, it is just not remembered.
 */
import { FILTERS_STORAGE_KEY, parseStoredFilters, serializeFilters, type VisibilityFilters } from "../../domain/turnover";

export const readStoredFilters = (): VisibilityFilters => {
  try {
    return parseStoredFilters(window.localStorage.getItem(FILTERS_STORAGE_KEY));
  } catch {
    return parseStoredFilters(null);
  }
};

export const storeFilters = (filters: VisibilityFilters) => {
  try {
    window.localStorage.setItem(FILTERS_STORAGE_KEY, serializeFilters(filters));
  } catch {
    // Storage unavailable: the filter still applies to this page.
  }
};
