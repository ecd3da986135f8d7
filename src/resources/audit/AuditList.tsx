/** Auditoría tab: what administrators did, newest first (paged on the server). */
import { TZDate } from "@date-fns/tz";
import { format } from "date-fns";
import { Datagrid, FunctionField, useTranslate } from "react-admin";
import { DEFAULT_TIME_ZONE } from "../../domain/seasons";
import { AdminList, GridEmpty } from "../shared/grid";
import type { AuditEntry } from "./data";

export const localDateTime = (iso: string) => format(new TZDate(new Date(iso).getTime(), DEFAULT_TIME_ZONE), "dd/MM/yyyy HH:mm");

/** The catalog key of each field the server writes in `details`; any other shows as it comes. */
const DETAIL_LABELS = new Map<string, string>([
  ["name", "slotdesk.audit.details.name"],
  ["last_name", "slotdesk.audit.details.last_name"],
  ["email", "slotdesk.audit.details.email"],
  ["notes", "slotdesk.audit.details.notes"],
  ["role", "slotdesk.audit.details.role"],
  ["sent", "slotdesk.audit.details.sent"],
  ["start_date", "slotdesk.audit.details.start_date"],
  ["end_date", "slotdesk.audit.details.end_date"],
  ["value", "slotdesk.audit.details.value"],
  ["season", "slotdesk.audit.details.season"],
  ["reference", "slotdesk.audit.details.reference"],
  ["type", "slotdesk.audit.details.type"],
  ["parts", "slotdesk.audit.details.parts"],
  ["lines", "slotdesk.audit.details.lines"],
  ["to", "slotdesk.audit.details.to"],
  ["cc", "slotdesk.audit.details.cc"],
  ["slot", "slotdesk.audit.details.slot"],
  ["general_status", "slotdesk.audit.details.general_status"],
  ["delays", "slotdesk.audit.details.delays"],
  ["observations", "slotdesk.audit.details.observations"],
  ["code", "slotdesk.audit.details.code"],
  ["affectation_number", "slotdesk.audit.details.affectation_number"],
  ["actual_departure", "slotdesk.audit.details.actual_departure"],
  ["actual_arrival", "slotdesk.audit.details.actual_arrival"],
  ["real_difference", "slotdesk.audit.details.real_difference"],
]);

/** An instant with its zone (a real date…): shown in Mexico City time, like the entry's own date. */
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:\d{2})$/;

const describe = (value: unknown): string => {
  if (value === null || value === undefined || value === "") return "—";
  if (typeof value === "string" && INSTANT.test(value)) return localDateTime(value);
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
};

/** `campo: antes → después` for each change, else the parameters as `clave: valor`. */
export const summariseDetails = (
  details: Record<string, unknown>,
  label: (field: string) => string = (field) => field,
): string =>
  Object.entries(details)
    .map(([field, value]) =>
      typeof value === "object" && value !== null && "from" in value && "to" in value
        ? `${label(field)}: ${describe(value.from)} → ${describe(value.to)}`
        : `${label(field)}: ${describe(value)}`,
    )
    .join("; ");

export const AuditList = () => {
  const translate = useTranslate();
  const fieldLabel = (field: string) => {
    const key = DETAIL_LABELS.get(field);
    return key ? translate(key) : field;
  };
  return (
    <AdminList resource="audit">
      <Datagrid bulkActionButtons={false} empty={<GridEmpty />} rowClick={false}>
        <FunctionField<AuditEntry> label="slotdesk.audit.fields.at" sortable={false} render={(entry) => localDateTime(entry.at)} />
        <FunctionField<AuditEntry>
          label="slotdesk.audit.fields.actor"
          sortable={false}
          render={(entry) => (entry.actor_id === null ? `${entry.actor_email} ${translate("slotdesk.audit.deleted_actor")}` : entry.actor_email)}
        />
        <FunctionField<AuditEntry>
          label="slotdesk.audit.fields.action"
          sortable={false}
          render={(entry) => translate(`slotdesk.audit.actions.${entry.action}`)}
        />
        <FunctionField<AuditEntry> label="slotdesk.audit.fields.target" sortable={false} render={(entry) => entry.target_label} />
        <FunctionField<AuditEntry>
          label="slotdesk.audit.fields.details"
          sortable={false}
          render={(entry) => summariseDetails(entry.details, fieldLabel)}
        />
      </Datagrid>
    </AdminList>
  );
};
