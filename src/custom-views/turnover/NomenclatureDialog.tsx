/** The legend of the turnover (seed 001 §2.5): slot states, flight states, general states and differences. */
import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Table, TableBody, TableCell, TableHead, TableRow, Typography } from "@mui/material";
import type { ReactNode } from "react";
import { useId } from "react";
import { useTranslate } from "react-admin";
import { DIFFERENCE_CLASSES, FLIGHT_STATUSES, GENERAL_STATUSES, SLOT_STATUSES } from "../../domain/matching";
import {
  DifferenceChip,
  differenceLabelKey,
  flightStatusLabelKey,
  GeneralStatusChip,
  generalStatusLabelKey,
  slotStatusCode,
  slotStatusLabelKey,
} from "../../client/status/statusDisplay";
import "./texts";

const EXAMPLE_MINUTES = { null_diff: null, no_diff: 0, mid_diff: 10, high_diff: 25 } as const;

const Section = ({ title, rows }: { title: string; rows: Array<{ key: string; code: ReactNode; meaning: string }> }) => {
  const translate = useTranslate();
  const titleId = useId();
  return (
    <Box component="section" aria-labelledby={titleId} sx={{ minWidth: 260 }}>
      <Typography id={titleId} variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        {title}
      </Typography>
      <Table size="small" aria-labelledby={titleId}>
        <TableHead>
          <TableRow>
            <TableCell>{translate("slotdesk.nomenclature.code")}</TableCell>
            <TableCell>{translate("slotdesk.nomenclature.meaning")}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.key}>
              <TableCell>{row.code}</TableCell>
              <TableCell>{row.meaning}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
};

export const NomenclatureDialog = ({ open, onClose }: { open: boolean; onClose: () => void }) => {
  const translate = useTranslate();
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onClose} maxWidth="lg" aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{translate("slotdesk.nomenclature.title")}</DialogTitle>
      <DialogContent sx={{ display: "flex", flexWrap: "wrap", gap: 3, alignItems: "flex-start" }}>
        <Section
          title={translate("slotdesk.nomenclature.slot_states")}
          rows={SLOT_STATUSES.map((status) => ({
            key: status,
            code: slotStatusCode(status),
            meaning: translate(slotStatusLabelKey(status)),
          }))}
        />
        <Section
          title={translate("slotdesk.nomenclature.flight_states")}
          rows={FLIGHT_STATUSES.map((status) => ({ key: status, code: status, meaning: translate(flightStatusLabelKey(status)) }))}
        />
        <Section
          title={translate("slotdesk.nomenclature.general_states")}
          rows={GENERAL_STATUSES.map((status) => ({
            key: status,
            code: <GeneralStatusChip status={status} />,
            meaning: translate(generalStatusLabelKey(status)),
          }))}
        />
        <Section
          title={translate("slotdesk.nomenclature.differences")}
          rows={DIFFERENCE_CLASSES.map((difference) => ({
            key: difference,
            code: <DifferenceChip minutes={EXAMPLE_MINUTES[difference]} difference={difference} />,
            meaning: translate(differenceLabelKey(difference)),
          }))}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate("slotdesk.nomenclature.close")}</Button>
      </DialogActions>
    </Dialog>
  );
};
