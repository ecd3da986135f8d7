/** The business settings: each one's value schema and default (read by the handlers, the seed and the history). */
import { DEFAULT_AIRLINE } from "../../domain/airline";
import type { components } from "../../generated/openapi";
import type { SchemaName } from "../contract/schemas";

type SettingName = components["schemas"]["Setting"]["name"];

/** Each setting's name as people read it (the audit's target), value schema and default. A new setting is added here and in the contract. */
export const SETTING_DEFINITIONS = {
  accomplishment: {
    label: "Nivel de advertencia de Histórico",
    schema: "AccomplishmentValue",
    // Histórico's warning level since issue 27 (each season holds its usage threshold, AICM's 80 %):
    // 100 keeps the seed's colours, green only at 100 (migration 0019).
    defaultValue: { accomplishment: 100 },
  },
  coordinator_email: {
    label: "Correo del coordinador",
    schema: "CoordinatorEmailValue",
    // Unset until the team enters their coordinator's address: sending refuses until then.
    defaultValue: { email: null },
  },
  airline: {
    label: "Aerolínea",
    schema: "AirlineValue",
    // The demo's airline (VB / VIV): a team replaces it with its own in the top bar's airline dialog.
    defaultValue: DEFAULT_AIRLINE,
  },
} as const satisfies Record<SettingName, { label: string; schema: SchemaName; defaultValue: unknown }>;
