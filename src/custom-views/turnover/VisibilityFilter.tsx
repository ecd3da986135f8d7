/**
 * 'Visualizar' (seed 001 §2.4): the button, with a dot while a filter hides something; its popover
 * (VisibilityFilterPopover) loads when first opened. The parent stores the result under `filters`
 * and reloads.
 */
import FilterListIcon from "@mui/icons-material/FilterList";
import { Badge, Button } from "@mui/material";
import { lazy, Suspense, useId, useState } from "react";
import { useTranslate } from "react-admin";
import { isEverythingVisible, type VisibilityFilters } from "../../domain/turnover";

const VisibilityFilterPopover = lazy(() => import("./VisibilityFilterPopover"));

export const VisibilityFilter = ({
  value,
  onApply,
}: {
  value: VisibilityFilters;
  onApply: (filters: VisibilityFilters) => void;
}) => {
  const translate = useTranslate();
  const popoverId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);

  return (
    <>
      <Button
        size="small"
        startIcon={
          <Badge color="primary" variant="dot" invisible={isEverythingVisible(value)} title={translate("slotdesk.turnover.filter.active")}>
            <FilterListIcon />
          </Badge>
        }
        aria-haspopup="dialog"
        aria-controls={anchor ? popoverId : undefined}
        aria-expanded={anchor ? true : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        {translate("slotdesk.turnover.filter.button")}
      </Button>
      {anchor ? (
        <Suspense fallback={null}>
          <VisibilityFilterPopover id={popoverId} anchor={anchor} value={value} onApply={onApply} onClose={() => setAnchor(null)} />
        </Suspense>
      ) : null}
    </>
  );
};
