/**
 * An admin list's columns generated from the resource's record schema: each property with a
 * Spanish `title`, in the contract's order, its value formatted by type and `format` (dates in
 * the user's zone, choices by their Spanish title, Sí/No, lists joined, '—' for nothing). What
 * the contract cannot say — a seed's avatar, chips, the role picker — is an override per column,
 * keyed by a field of the generated record type: naming a property the contract no longer has
 * fails the type check.
 */
import { Box, Stack, Typography } from "@mui/material";
import type { ReactNode } from "react";
import { FunctionField, type RaRecord, useTranslate } from "react-admin";
import { RECORD_SCHEMAS, RESOURCE_REGISTRY, RESOURCES, type ResourceName, type ResourceRecord } from "../../generated/resources";
import { useStoredZone } from "../dates/rangeStorage";
import { AdminGrid } from "../ui/grid";
import { type FormatWords, formatValue, shownProperties, sortField } from "./records";
import "../i18n/formsTexts";

export interface ColumnOverride<R> {
  /** The cell, instead of the formatted value. */
  render?: (record: R) => ReactNode;
  /** The field the column sorts by (`role.name`), or false for none. */
  sortBy?: string | false;
  /** Where the cell's text sits; numbers are on the right by default, as react-admin's NumberField puts them. */
  align?: "left" | "right";
  /** Left out of the grid (an airport column while the team holds one airport, issue 37). */
  hidden?: boolean;
}

export type ColumnOverrides<N extends ResourceName> = { [K in keyof ResourceRecord<N> & string]?: ColumnOverride<ResourceRecord<N>> };

/** The record schema of a resource, and its required fields as a guard of react-admin's records. */
export function recordSchemaOf(resource: ResourceName) {
  return RECORD_SCHEMAS[RESOURCES[resource].record];
}

export function isRecordOf<N extends ResourceName>(resource: N): (record: RaRecord) => record is ResourceRecord<N> & RaRecord {
  const schema = recordSchemaOf(resource);
  const required = Array.isArray(schema.required) ? schema.required : [];
  return (record: RaRecord): record is ResourceRecord<N> & RaRecord => required.every((field) => field in record);
}

export function useFormatWords(empty?: string): FormatWords {
  const translate = useTranslate();
  return { yes: translate("slotdesk.forms.yes"), no: translate("slotdesk.forms.no"), empty: empty ?? translate("slotdesk.forms.no_value") };
}

/** The generated columns of `resource`, as react-admin fields, with `cells` replacing some. */
export function useResourceColumns<N extends ResourceName>(resource: N, cells: ColumnOverrides<N> = {}, emptyText?: string): ReactNode[] {
  const words = useFormatWords(emptyText);
  const zone = useStoredZone();
  const overrides: Partial<Record<string, ColumnOverride<ResourceRecord<N>>>> = cells;
  const isRecord = isRecordOf(resource);
  // A list the server pages ({ items, total }) is in the server's order: no column sorts it.
  const serverPaged = RESOURCE_REGISTRY[resource].operations.list?.[0]?.envelope === "page";
  return shownProperties(recordSchemaOf(resource), "list").flatMap(([name, property]) => {
    const override = overrides[name];
    if (override?.hidden) return [];
    const sortBy = serverPaged ? false : (override?.sortBy ?? sortField(name, property) ?? false);
    const numeric = property.type === "integer" || property.type === "number";
    const align = override?.align ?? (numeric && !override?.render ? "right" : "left");
    return (
      <FunctionField
        key={name}
        source={name}
        label={property.title}
        {...(align === "right" ? { textAlign: "right" as const } : {})}
        sortable={sortBy !== false}
        {...(typeof sortBy === "string" && sortBy !== name ? { sortBy } : {})}
        render={(record: RaRecord) => {
          if (override?.render && isRecord(record)) return override.render(record);
          return formatValue(property, record[name], words, zone);
        }}
      />
    );
  });
}

/** An admin grid whose columns are generated: `leading` and `trailing` add the columns a record does not hold (the avatar, a computed rule). */
export function ResourceGrid<N extends ResourceName>({
  resource,
  onRow,
  emptyKey,
  cells,
  leading,
  trailing,
  emptyText,
}: {
  resource: N;
  onRow: (record: ResourceRecord<N> & RaRecord) => void;
  emptyKey?: string;
  cells?: ColumnOverrides<N>;
  leading?: ReactNode;
  trailing?: ReactNode;
  /** How a cell with no value reads (the seeds' '---' where they say so; '—' by default). */
  emptyText?: string;
}) {
  const columns = useResourceColumns(resource, cells, emptyText);
  return (
    <AdminGrid isRecord={isRecordOf(resource)} onRow={onRow} {...(emptyKey ? { emptyKey } : {})}>
      {leading}
      {columns}
      {trailing}
    </AdminGrid>
  );
}

/** A record read-only, as the contract titles it: for whoever may read a resource but not edit it. */
export function ResourceDetail<N extends ResourceName>({ resource, record }: { resource: N; record: ResourceRecord<N> }) {
  const words = useFormatWords();
  const zone = useStoredZone();
  return (
    <Stack component="dl" spacing={1} sx={{ m: 0 }}>
      {shownProperties(recordSchemaOf(resource), "detail").map(([name, property]) => (
        <Box key={name}>
          <Typography component="dt" variant="caption" color="text.secondary">
            {property.title}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, whiteSpace: "pre-wrap" }}>
            {formatValue(property, Reflect.get(record, name), words, zone)}
          </Typography>
        </Box>
      ))}
    </Stack>
  );
}
