/**
 * Status and difference display shared by the turnover table, the nomenclature and the match
 * viewer: labels from the catalog (`slotdesk.statuses.*`), chip colours by class.
 */
import { Chip, type ChipProps } from "@mui/material";
import { memo } from "react";
import { useTranslate } from "react-admin";
import type { components } from "../../generated/openapi";

export type TurnoverRow = components["schemas"]["TurnoverRow"];
export type DifferenceClass = components["schemas"]["DifferenceClass"];
export type GeneralStatus = components["schemas"]["GeneralStatus"];
export type FlightStatus = components["schemas"]["FlightStatus"];
export type SlotStatus = components["schemas"]["SlotStatus"];

type ChipColor = NonNullable<ChipProps["color"]>;

export const generalStatusLabelKey = (status: GeneralStatus) => `slotdesk.statuses.general.${status}`;
export const flightStatusLabelKey = (status: FlightStatus) => `slotdesk.statuses.flight.${status}`;
export const slotStatusLabelKey = (status: SlotStatus) => `slotdesk.statuses.slot.${status}`;
export const differenceLabelKey = (difference: DifferenceClass) => `slotdesk.statuses.difference.${difference}`;

/** The code as the team writes it: the leftover status S is known as SOBC (seed 001 §4.1). */
export const slotStatusCode = (status: SlotStatus): string => (status === "S" ? "SOBC" : status);

export const DIFFERENCE_COLORS: Readonly<Record<DifferenceClass, ChipColor>> = {
  null_diff: "default",
  no_diff: "success",
  mid_diff: "warning",
  high_diff: "error",
};

/**
 * Green only when nothing differs; blue for a small time difference; amber where the team has
 * something to look at (no slot, other fields); red where the authority would see an off-slot
 * or cancelled operation; the leftover slot in the brand colour, the one in process in violet.
 */
export const GENERAL_STATUS_COLORS: Readonly<Record<GeneralStatus, ChipColor>> = {
  OK: "success",
  DIFF: "info",
  D: "warning",
  X: "warning",
  AH: "error",
  CA: "error",
  A: "primary",
  S: "secondary",
};

/** Minutes with their sign: "+12 min", "-5 min", "0 min"; "—" when there is no difference. */
export const formatDifference = (minutes: number | null): string =>
  minutes === null ? "—" : `${minutes > 0 ? "+" : ""}${minutes} min`;

/** A difference chip coloured by its class; cheap enough for every row of the grid. */
export const DifferenceChip = memo(function DifferenceChip({
  minutes,
  difference,
}: {
  minutes: number | null;
  difference: DifferenceClass;
}) {
  const translate = useTranslate();
  return (
    <Chip
      size="small"
      variant={difference === "null_diff" ? "outlined" : "filled"}
      color={DIFFERENCE_COLORS[difference]}
      label={formatDifference(minutes)}
      title={translate(differenceLabelKey(difference))}
    />
  );
});

export const GeneralStatusChip = memo(function GeneralStatusChip({
  status,
  label,
}: {
  status: GeneralStatus;
  /** Text of the chip; the status code by default. */
  label?: string;
}) {
  const translate = useTranslate();
  return (
    <Chip
      size="small"
      color={GENERAL_STATUS_COLORS[status]}
      label={label ?? status}
      title={translate(generalStatusLabelKey(status))}
    />
  );
});
