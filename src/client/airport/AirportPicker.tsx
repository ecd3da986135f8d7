/**
 * The top bar's airport picker (issue 37 item 3), next to the date range: the held airports the
 * person may see, the chosen one remembered in their preferences. A team that holds one airport
 * (a MEX-only install, or a user restricted to one) sees no picker: nothing to choose.
 */
import MenuItem from "@mui/material/MenuItem";
import TextField from "@mui/material/TextField";
import { useNotify, useTranslate } from "react-admin";
import { failureText } from "../queries/request";
import { useAirportChoice } from "./useAirport";

export const AirportPicker = ({ compact = false }: { compact?: boolean }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const { airport, pickable, choose, saving } = useAirportChoice();
  if (pickable.length < 2) return null;
  return (
    // The browser's own hint (a title), not a Tooltip: a tooltip's popper would lie over the open menu.
    <TextField
      select
      size="small"
      title={translate("slotdesk.airport.hint", { name: airport.name, zone: airport.timeZone })}
      label={translate("slotdesk.airport.label")}
      value={airport.code}
      disabled={saving}
      onChange={(event) => {
        choose(event.target.value).catch((error: unknown) =>
          notify(translate("slotdesk.airport.save_failed", { message: failureText(error) }), { type: "error" }),
        );
      }}
      sx={{ width: compact ? 92 : 108, flexShrink: 0 }}
      slotProps={{ select: { renderValue: (value) => String(value), inputProps: { "data-testid": "airport-picker" } } }}
    >
      {pickable.map((option) => (
        <MenuItem key={option.code} value={option.code}>
          {option.code} · {option.city}
        </MenuItem>
      ))}
    </TextField>
  );
};
