/**
 * Which flights a load would change (issue 36 item 11): flight, date, field, before → after,
 * searchable by flight, date or field. The server lists the first 5,000 (with the total); the
 * table draws at most SHOWN of those that match the search, so a big file stays quick to scroll.
 */
import { Box, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, TextField, Typography } from "@mui/material";
import { useDeferredValue, useMemo, useState } from "react";
import { useTranslate } from "react-admin";
import type { DataLoadPreview } from "../../client/queries/loads";
import { formatDate } from "../../domain/dateRange";
import "./texts";

type Changes = DataLoadPreview["changes"];

/** Rows drawn at most; the search narrows the rest. */
const SHOWN = 300;

const count = new Intl.NumberFormat("es-MX");

const folded = (text: string) =>
  text
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase();

export function ChangesList({ changes }: { changes: Changes }) {
  const translate = useTranslate();
  const [search, setSearch] = useState("");
  const query = folded(useDeferredValue(search).trim());
  const indexed = useMemo(
    () => changes.items.map((change) => ({ change, text: folded(`${change.flight} ${change.date} ${formatDate(change.date)} ${change.field}`) })),
    [changes.items],
  );
  const matching = useMemo(() => (query === "" ? indexed : indexed.filter((row) => row.text.includes(query))), [indexed, query]);
  if (changes.total === 0) return null;
  return (
    <Box sx={{ mb: 2 }}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        {translate("slotdesk.loads.changes.title")}
      </Typography>
      {changes.truncated ? (
        <Typography variant="body2" color="text.secondary">
          {translate("slotdesk.loads.changes.truncated", { shown: count.format(changes.items.length), total: count.format(changes.total) })}
        </Typography>
      ) : null}
      <TextField
        size="small"
        sx={{ my: 1, minWidth: 280 }}
        label={translate("slotdesk.loads.changes.search")}
        value={search}
        onChange={(event) => setSearch(event.target.value)}
      />
      {matching.length === 0 ? (
        <Typography color="text.secondary">{translate("slotdesk.loads.changes.none_found")}</Typography>
      ) : (
        <TableContainer sx={{ maxHeight: 360 }}>
          <Table size="small" stickyHeader aria-label={translate("slotdesk.loads.changes.title")}>
            <TableHead>
              <TableRow>
                <TableCell>{translate("slotdesk.loads.changes.flight")}</TableCell>
                <TableCell>{translate("slotdesk.loads.changes.date")}</TableCell>
                <TableCell>{translate("slotdesk.loads.changes.field")}</TableCell>
                <TableCell>{translate("slotdesk.loads.changes.before_after")}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {matching.slice(0, SHOWN).map(({ change }, index) => (
                <TableRow key={`${change.flight}-${change.date}-${change.field}-${index}`}>
                  <TableCell>{change.flight}</TableCell>
                  <TableCell>{formatDate(change.date)}</TableCell>
                  <TableCell>{change.field}</TableCell>
                  <TableCell>{translate("slotdesk.loads.changes.before_after_value", { before: change.before, after: change.after })}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {matching.length > SHOWN ? (
        <Typography variant="body2" color="text.secondary">
          {translate("slotdesk.loads.changes.narrow", { shown: count.format(SHOWN), total: count.format(matching.length) })}
        </Typography>
      ) : null}
    </Box>
  );
}
