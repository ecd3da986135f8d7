/**
 * Affectations of the match (seed 001 §2.6, §3, §8): code, date, affectation, and the editable
 * number and observations (for the roles that edit matches).
 */
import SaveIcon from "@mui/icons-material/Save";
import { IconButton, TableCell, TableRow, TextField, Typography } from "@mui/material";
import { useState } from "react";
import { useNotify, useTranslate } from "react-admin";
import { useMatchAffectations, useUpdateAffectation } from "../../client/queries/matchViewer";
import { panelOf, type StaleVersion, staleVersionOf } from "../../client/queries/request";
import type { components } from "../../generated/openapi";
import { formatDate } from "../../domain/dateRange";
import { PanelTable } from "./PanelStates";
import "./texts";

type Affectation = components["schemas"]["Affectation"];

type RowProps = {
  matchId: number;
  affectation: Affectation;
  editable: boolean;
  /** The match viewer's version the edit is made from. */
  version: number | undefined;
  onStale: (stale: StaleVersion) => void;
};

const EditableRow = ({ matchId, affectation, editable, version, onStale }: RowProps) => {
  const translate = useTranslate();
  const notify = useNotify();
  const [number, setNumber] = useState(String(affectation.affectation_number));
  const [observations, setObservations] = useState(affectation.observations);
  // What the fields started from (or were last saved as): a reload that brings other values
  // refills fields nobody typed in, and shows them under typed ones, which keep what was typed.
  const [base, setBase] = useState({ number: affectation.affectation_number, observations: affectation.observations });
  const typed = number !== String(base.number) || observations !== base.observations;
  const reloadedOver = base.number !== affectation.affectation_number || base.observations !== affectation.observations;
  if (reloadedOver && !typed) {
    setNumber(String(affectation.affectation_number));
    setObservations(affectation.observations);
    setBase({ number: affectation.affectation_number, observations: affectation.observations });
  }
  const [saving, setSaving] = useState(false);
  const update = useUpdateAffectation(matchId);

  const save = async () => {
    setSaving(true);
    try {
      const { data, error } = await update.mutateAsync({
        id: affectation.id,
        affectation_number: number === "" ? 0 : Number(number),
        observations,
        ...(version !== undefined ? { version } : {}),
      });
      const stale = staleVersionOf(error);
      if (stale) {
        onStale(stale);
        return;
      }
      if (!data) {
        notify("slotdesk.match_viewer.affectations.failed", { type: "error" });
        return;
      }
      setNumber(String(data.affectation_number));
      setObservations(data.observations);
      setBase({ number: data.affectation_number, observations: data.observations });
      notify("slotdesk.match_viewer.affectations.saved", { type: "success" });
    } catch {
      notify("slotdesk.match_viewer.affectations.failed", { type: "error" });
    } finally {
      setSaving(false);
    }
  };

  const numberLabel = `${translate("slotdesk.match_viewer.affectations.columns.number")} (${affectation.code})`;
  const observationsLabel = `${translate("slotdesk.match_viewer.affectations.columns.observations")} (${affectation.code})`;
  return (
    <TableRow>
      <TableCell>{affectation.code}</TableCell>
      <TableCell>{formatDate(affectation.date)}</TableCell>
      <TableCell>{affectation.affectation}</TableCell>
      <TableCell>
        {editable ? (
          <TextField
            size="small"
            value={number}
            onChange={(event) => setNumber(event.target.value.replace(/[^0-9]/g, "").slice(0, 6))}
            slotProps={{ htmlInput: { inputMode: "numeric", "aria-label": numberLabel } }}
            sx={{ width: 96 }}
          />
        ) : (
          affectation.affectation_number
        )}
      </TableCell>
      <TableCell>
        {editable ? (
          <TextField
            size="small"
            fullWidth
            value={observations}
            onChange={(event) => setObservations(event.target.value.slice(0, 1000))}
            slotProps={{ htmlInput: { "aria-label": observationsLabel } }}
          />
        ) : (
          affectation.observations || "—"
        )}
        {editable && reloadedOver ? (
          <Typography variant="caption" color="info.main" component="div">
            {translate("slotdesk.match_viewer.affectations.current", {
              number: affectation.affectation_number,
              observations: affectation.observations || "—",
            })}
          </Typography>
        ) : null}
      </TableCell>
      {editable ? (
        <TableCell padding="checkbox">
          <IconButton
            size="small"
            disabled={saving}
            aria-label={translate("slotdesk.match_viewer.affectations.save_row", { code: affectation.code })}
            onClick={() => void save()}
          >
            <SaveIcon fontSize="small" />
          </IconButton>
        </TableCell>
      ) : null}
    </TableRow>
  );
};

export const AffectationsPanel = ({
  matchId,
  editable,
  version,
  onStale,
}: {
  matchId: number;
  editable: boolean;
  version: number | undefined;
  onStale: (stale: StaleVersion) => void;
}) => {
  const translate = useTranslate();
  const data = panelOf(useMatchAffectations(matchId));
  const c = (key: string) => translate(key);
  return (
    <PanelTable
      data={data}
      empty={c("slotdesk.match_viewer.affectations.empty")}
      label={c("slotdesk.match_viewer.affectations.title")}
      scroll
      head={
        <>
          <TableCell>{c("slotdesk.match_viewer.affectations.columns.code")}</TableCell>
          <TableCell>{c("slotdesk.match_viewer.affectations.columns.date")}</TableCell>
          <TableCell>{c("slotdesk.match_viewer.affectations.columns.affectation")}</TableCell>
          <TableCell>{c("slotdesk.match_viewer.affectations.columns.number")}</TableCell>
          <TableCell>{c("slotdesk.match_viewer.affectations.columns.observations")}</TableCell>
          {editable ? <TableCell padding="checkbox" /> : null}
        </>
      }
      row={(affectation) => (
        <EditableRow
          key={affectation.id}
          matchId={matchId}
          affectation={affectation}
          editable={editable}
          version={version}
          onStale={onStale}
        />
      )}
    />
  );
};
