/** Auditoría tab: what administrators did, newest first (paged on the server). */
import { TZDate } from "@date-fns/tz";
import { format } from "date-fns";
import { Datagrid, FunctionField, useTranslate } from "react-admin";
import { DEFAULT_TIME_ZONE } from "../../domain/seasons";
import { AdminList, GridEmpty } from "../shared/grid";
import type { AuditEntry } from "./data";

export const localDateTime = (iso: string) => format(new TZDate(new Date(iso).getTime(), DEFAULT_TIME_ZONE), "dd/MM/yyyy HH:mm");

const describe = (value: unknown): string => {
  if (value === null || value === undefined || value === "") return "—";
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
};

/** `campo: antes → después` for each change, else the parameters as `clave: valor`. */
export const summariseDetails = (details: Record<string, unknown>): string =>
  Object.entries(details)
    .map(([field, value]) =>
      typeof value === "object" && value !== null && "from" in value && "to" in value
        ? `${field}: ${describe(value.from)} → ${describe(value.to)}`
        : `${field}: ${describe(value)}`,
    )
    .join("; ");

export const AuditList = () => {
  const translate = useTranslate();
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
          render={(entry) => summariseDetails(entry.details)}
        />
      </Datagrid>
    </AdminList>
  );
};
