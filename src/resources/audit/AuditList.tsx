/** Auditoría tab: what administrators did, newest first (paged on the server). */
import { Datagrid, useTranslate } from "react-admin";
import { AUDIT_DETAIL_FIELDS, AUDIT_SENT_VALUES, AUDIT_VALUE_FIELDS, type AuditDetailField } from "../../domain/audit";
import { formatDate } from "../../domain/dateRange";
import { localDateTime } from "../../client/dates/localDateTime";
import { AdminList, GridEmpty } from "../../client/ui/grid";
import { useResourceColumns } from "../../client/schema/ResourceGrid";
import "./texts";

const isDetailField = (field: string): field is AuditDetailField => AUDIT_DETAIL_FIELDS.some((known) => known === field);
const isSentValue = (value: unknown): value is (typeof AUDIT_SENT_VALUES)[number] => AUDIT_SENT_VALUES.some((known) => known === value);

/** The catalog key naming a field the server writes in `details` (every one has a label); null for any other. */
export const detailLabelKey = (field: string): string | null => (isDetailField(field) ? `slotdesk.audit.details.${field}` : null);

/** An instant with its zone (a real date…): shown in Mexico City time, like the entry's own date. */
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:\d{2})$/;

const describe = (value: unknown): string => {
  if (value === null || value === undefined || value === "") return "—";
  if (typeof value === "string" && INSTANT.test(value)) return localDateTime(value);
  if (typeof value === "string" && /^\d{4}-\d{2}-\d{2}$/.test(value)) return formatDate(value);
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
};

const isValueField = (key: string): key is (typeof AUDIT_VALUE_FIELDS)[number] => AUDIT_VALUE_FIELDS.some((known) => known === key);

/**
 * A value as a person reads it: a list as its items, an object (a setting's value) as
 * `Etiqueta: valor` pairs, never as JSON (issue 24 item 10).
 */
const readable = (value: unknown, keyLabel: (key: string) => string): string => {
  if (Array.isArray(value)) return value.length === 0 ? "—" : value.map((item) => readable(item, keyLabel)).join(", ");
  if (typeof value === "object" && value !== null) {
    const pairs = Object.entries(value).map(([key, inner]) => `${keyLabel(key)}: ${readable(inner, keyLabel)}`);
    return pairs.length === 0 ? "—" : pairs.join(", ");
  }
  return describe(value);
};

/** `campo: antes → después` for each change, else the parameters as `clave: valor`. */
export const summariseDetails = (
  details: Record<string, unknown>,
  label: (field: string) => string = (field) => field,
  valueText: (field: string, value: unknown) => string = (_field, value) => describe(value),
): string =>
  Object.entries(details)
    .map(([field, value]) =>
      typeof value === "object" && value !== null && "from" in value && "to" in value
        ? `${label(field)}: ${valueText(field, value.from)} → ${valueText(field, value.to)}`
        : `${label(field)}: ${valueText(field, value)}`,
    )
    .join("; ");

export const AuditList = () => {
  const translate = useTranslate();
  const fieldLabel = (field: string) => {
    const key = detailLabelKey(field);
    return key ? translate(key) : field;
  };
  const keyLabel = (key: string) => (isValueField(key) ? translate(`slotdesk.audit.value_fields.${key}`) : key);
  // The only coded value the server writes: which password e-mail was sent.
  const valueText = (field: string, value: unknown) =>
    field === "sent" && isSentValue(value) ? translate(`slotdesk.audit.sent.${value}`) : readable(value, keyLabel);
  const columns = useResourceColumns("audit", {
    actor_email: { render: (entry) => (entry.actor_id === null ? `${entry.actor_email} ${translate("slotdesk.audit.deleted_actor")}` : entry.actor_email) },
    action: { render: (entry) => translate(`slotdesk.audit.actions.${entry.action}`) },
    details: { render: (entry) => summariseDetails(entry.details, fieldLabel, valueText) },
  });
  return (
    <AdminList resource="audit">
      <Datagrid bulkActionButtons={false} empty={<GridEmpty />} rowClick={false}>
        {columns}
      </Datagrid>
    </AdminList>
  );
};
