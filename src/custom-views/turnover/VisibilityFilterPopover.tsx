/**
 * The popover of 'Visualizar' (seed 001 §2.4): checkbox groups for slot status, differences,
 * flight status and general status, a check-all box and 'Aplicar'. Loaded when first opened (its
 * checkboxes are not part of Entrega de turno's first load).
 */
import {
  Box,
  Button,
  Checkbox,
  Divider,
  FormControlLabel,
  FormGroup,
  FormHelperText,
  Popover,
  Typography,
} from "@mui/material";
import { useId, useState } from "react";
import { useTranslate } from "react-admin";
import { DIFFERENCE_CLASSES, FLIGHT_STATUSES, GENERAL_STATUSES, SLOT_STATUSES } from "../../domain/matching";
import { allVisible, hasEmptyGroup, isEverythingVisible, type VisibilityFilters } from "../../domain/turnover";
import {
  differenceLabelKey,
  flightStatusLabelKey,
  generalStatusLabelKey,
  slotStatusCode,
  slotStatusLabelKey,
} from "../../client/status/statusDisplay";
import "./texts";

interface GroupProps<T extends string> {
  title: string;
  values: readonly T[];
  checked: readonly T[];
  label: (value: T) => string;
  onChange: (checked: T[]) => void;
}

function CheckboxGroup<T extends string>({ title, values, checked, label, onChange }: GroupProps<T>) {
  const titleId = useId();
  return (
    <Box sx={{ minWidth: 190 }}>
      <Typography id={titleId} variant="subtitle2" sx={{ mb: 0.5 }}>
        {title}
      </Typography>
      <FormGroup role="group" aria-labelledby={titleId}>
        {values.map((value) => (
          <FormControlLabel
            key={value}
            sx={{ my: -0.5 }}
            control={
              <Checkbox
                size="small"
                checked={checked.includes(value)}
                onChange={(event) =>
                  onChange(
                    event.target.checked
                      ? values.filter((item) => item === value || checked.includes(item))
                      : checked.filter((item) => item !== value),
                  )
                }
              />
            }
            label={<Typography variant="body2">{label(value)}</Typography>}
          />
        ))}
      </FormGroup>
    </Box>
  );
}

const noneVisible = (): VisibilityFilters => ({
  difference: [],
  status: { slot_status: [], flight_status: [], general_status: [] },
});

const isNothingChecked = (filters: VisibilityFilters) =>
  filters.difference.length === 0 &&
  filters.status.slot_status.length === 0 &&
  filters.status.flight_status.length === 0 &&
  filters.status.general_status.length === 0;

export default function VisibilityFilterPopover({
  id,
  anchor,
  value,
  onApply,
  onClose,
}: {
  id: string;
  anchor: HTMLElement;
  value: VisibilityFilters;
  onApply: (filters: VisibilityFilters) => void;
  onClose: () => void;
}) {
  const translate = useTranslate();
  const popoverId = id;
  // What the boxes say until 'Aplicar': the stored filters each time it opens.
  const [draft, setDraft] = useState<VisibilityFilters>(value);

  const everything = isEverythingVisible(draft);
  const nothing = isNothingChecked(draft);
  const emptyGroup = hasEmptyGroup(draft);
  const setStatus = <K extends keyof VisibilityFilters["status"]>(key: K, checked: VisibilityFilters["status"][K]) =>
    setDraft((current) => ({ ...current, status: { ...current.status, [key]: checked } }));

  return (
    <Popover
      id={popoverId}
      open
      anchorEl={anchor}
      onClose={onClose}
      anchorOrigin={{ vertical: "bottom", horizontal: "left" }}
      slotProps={{ paper: { role: "dialog", "aria-label": translate("slotdesk.turnover.filter.button") } }}
    >
      <Box sx={{ p: 2 }}>
        <FormControlLabel
          control={
            <Checkbox
              size="small"
              checked={everything}
              indeterminate={!everything && !nothing}
              onChange={(event) => setDraft(event.target.checked ? allVisible() : noneVisible())}
            />
          }
          label={translate("slotdesk.turnover.filter.check_all")}
        />
        <Divider sx={{ my: 1 }} />
        <Box sx={{ display: "flex", gap: 3, alignItems: "flex-start" }}>
          <CheckboxGroup
            title={translate("slotdesk.turnover.filter.slot_status")}
            values={SLOT_STATUSES}
            checked={draft.status.slot_status}
            label={(status) => `${slotStatusCode(status)} · ${translate(slotStatusLabelKey(status))}`}
            onChange={(checked) => setStatus("slot_status", checked)}
          />
          <CheckboxGroup
            title={translate("slotdesk.turnover.filter.difference")}
            values={DIFFERENCE_CLASSES}
            checked={draft.difference}
            label={(difference) => translate(differenceLabelKey(difference))}
            onChange={(checked) => setDraft((current) => ({ ...current, difference: checked }))}
          />
          <CheckboxGroup
            title={translate("slotdesk.turnover.filter.flight_status")}
            values={FLIGHT_STATUSES}
            checked={draft.status.flight_status}
            label={(status) => `${status} · ${translate(flightStatusLabelKey(status))}`}
            onChange={(checked) => setStatus("flight_status", checked)}
          />
          <CheckboxGroup
            title={translate("slotdesk.turnover.filter.general_status")}
            values={GENERAL_STATUSES}
            checked={draft.status.general_status}
            label={(status) => `${status} · ${translate(generalStatusLabelKey(status))}`}
            onChange={(checked) => setStatus("general_status", checked)}
          />
        </Box>
        <Box sx={{ display: "flex", alignItems: "center", justifyContent: "flex-end", gap: 2, mt: 1.5 }}>
          {emptyGroup ? <FormHelperText error>{translate("slotdesk.turnover.filter.group_empty")}</FormHelperText> : null}
          <Button
            variant="contained"
            size="small"
            disabled={emptyGroup}
            onClick={() => {
              onApply(draft);
              onClose();
            }}
          >
            {translate("slotdesk.turnover.filter.apply")}
          </Button>
        </Box>
      </Box>
    </Popover>
  );
}
