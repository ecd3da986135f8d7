/**
 * Reading the contract's record schemas (src/generated/resources.ts): which properties a person
 * sees (those with a Spanish `title`, in the contract's order), and each value as text.
 */
import { TZDate } from "@date-fns/tz";
import type { RJSFSchema } from "@rjsf/utils";
import { format } from "date-fns";
import { formatDate } from "../../domain/dateRange";
import { DEFAULT_TIME_ZONE } from "../../domain/seasons";

export type SchemaProperty = RJSFSchema;

const isSchema = (value: unknown): value is RJSFSchema => typeof value === "object" && value !== null && !Array.isArray(value);

/** The properties of an object schema, in the contract's order. */
export const propertiesOf = (schema: RJSFSchema): Array<[string, RJSFSchema]> =>
  isSchema(schema.properties)
    ? Object.entries(schema.properties).flatMap(([name, property]): Array<[string, RJSFSchema]> => (isSchema(property) ? [[name, property]] : []))
    : [];

/** What a person sees of a record: its titled properties; `x-list: false` ones only in the detail. */
export const shownProperties = (schema: RJSFSchema, where: "list" | "detail"): Array<[string, RJSFSchema & { title: string }]> =>
  propertiesOf(schema).flatMap(([name, property]): Array<[string, RJSFSchema & { title: string }]> => {
    const title = property.title;
    if (typeof title !== "string") return [];
    if (where === "list" && Reflect.get(property, "x-list") === false) return [];
    return [[name, { ...property, title }]];
  });

const typesOf = (schema: RJSFSchema): string[] =>
  Array.isArray(schema.type) ? schema.type.map(String) : typeof schema.type === "string" ? [schema.type] : [];

/** Whether a column of this property can be sorted (scalars, or an object by its `name`). */
export const sortField = (name: string, schema: RJSFSchema): string | null => {
  const types = typesOf(schema);
  if (types.includes("array")) return null;
  if (types.includes("object")) return isSchema(schema.properties) && "name" in schema.properties ? `${name}.name` : null;
  return name;
};

export interface FormatWords {
  yes: string;
  no: string;
  empty: string;
}

/** The zone a date-time shows in: the one the user chose (Mexico City or UTC). */
import type { TimeZoneMode } from "../../domain/zones";
export type DisplayZone = TimeZoneMode;

/** A value as the grid, the detail and the search show it: never JSON, never a code a person cannot read. */
export function formatValue(schema: RJSFSchema, value: unknown, words: FormatWords, zone: DisplayZone = "local"): string {
  if (value === null || value === undefined || value === "") return words.empty;
  if (typeof value === "boolean") return value ? words.yes : words.no;
  if (Array.isArray(value)) {
    const items = isSchema(schema.items) ? schema.items : {};
    return value.length === 0 ? words.empty : value.map((item) => formatValue(items, item, words, zone)).join(", ");
  }
  const options = Array.isArray(schema.oneOf) ? schema.oneOf : Array.isArray(schema.anyOf) ? schema.anyOf : [];
  const chosen = options.find((option) => isSchema(option) && option.const === value);
  if (isSchema(chosen) && typeof chosen.title === "string") return chosen.title;
  if (typeof value === "string" && schema.format === "date-time") {
    const time = new Date(value).getTime();
    if (Number.isNaN(time)) return value;
    return format(zone === "utc" ? new TZDate(time, "UTC") : new TZDate(time, DEFAULT_TIME_ZONE), "dd/MM/yyyy HH:mm");
  }
  if (typeof value === "string" && schema.format === "date") return formatDate(value);
  if (typeof value === "number") return value.toLocaleString("es-MX");
  if (typeof value === "object") {
    // A nested record (a user's role): its name or its titled values, never its JSON.
    const named = Reflect.get(value, "name") ?? Reflect.get(value, "label");
    if (typeof named === "string") return named;
    const parts = shownProperties(schema, "detail").map(([name, property]) => formatValue(property, Reflect.get(value, name), words, zone));
    return parts.length > 0 ? parts.join(" · ") : words.empty;
  }
  return String(value);
}
