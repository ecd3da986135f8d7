/** Draft items the API tests put in a user's drafts. */
import type { components } from "../../src/generated/openapi";

type NewSlotDraftItem = components["schemas"]["NewSlotDraftItem"];

/**
 * An alta as the Altas form stores it: VB{flight} arriving from MTY at 07:00 UTC on Saturday
 * 5 December 2026 (W26), an A320 of 180 seats. `changes` overrides any field.
 */
export const altaDraftItem = (id: string, flight = "1250", changes: Partial<NewSlotDraftItem> = {}): NewSlotDraftItem => ({
  id,
  flight,
  flightType: "J",
  startDate: "05-12-2026",
  endDate: "05-12-2026",
  time: "07:00",
  airport: "MTY",
  frequency: 6,
  aircraftType: "320",
  psxCount: 180,
  isArrival: true,
  ...changes,
});
