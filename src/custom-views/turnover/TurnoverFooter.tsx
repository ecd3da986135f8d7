/**
 * The turnover grid's footer. The grid shows every row of the range in one scrolling list (see
 * TurnoverView), so instead of page controls it tells how many rows the search and the
 * 'Visualizar' filter leave out of those loaded, and how many are selected — with how many of those
 * the search hides (they stay selected, and the bulk actions act on them).
 */
import { Typography } from "@mui/material";
import { GridFooterContainer } from "@mui/x-data-grid";
import { useTranslate } from "react-admin";

export interface TurnoverFooterProps {
  shown: number;
  total: number;
  selected: number;
  /** Selected rows the search hides. */
  hiddenSelected: number;
}

declare module "@mui/x-data-grid" {
  interface FooterPropsOverrides {
    shown?: number;
    total?: number;
    selected?: number;
    hiddenSelected?: number;
  }
}

const format = (value: number) => value.toLocaleString("es-MX");

export function TurnoverFooter({ shown = 0, total = 0, selected = 0, hiddenSelected = 0 }: Partial<TurnoverFooterProps>) {
  const translate = useTranslate();
  return (
    <GridFooterContainer sx={{ px: 2, gap: 2, justifyContent: "flex-start", minHeight: 40 }}>
      <Typography variant="body2" data-testid="turnover-row-count">
        {shown === total
          ? translate("slotdesk.turnover.row_count_all", { smart_count: total, total: format(total) })
          : translate("slotdesk.turnover.row_count", { smart_count: total, shown: format(shown), total: format(total) })}
      </Typography>
      {selected > 0 ? (
        <Typography variant="body2" color="primary">
          {translate("slotdesk.turnover.selected_count", { smart_count: selected, count: format(selected) })}
          {hiddenSelected > 0
            ? ` ${translate("slotdesk.turnover.hidden_by_search", { smart_count: hiddenSelected, count: format(hiddenSelected) })}`
            : null}
        </Typography>
      ) : null}
    </GridFooterContainer>
  );
}
