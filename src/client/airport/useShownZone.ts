/**
 * The zone a screen shows at the chosen airport (issue 37): the LOCAL/UTC toggle's position and
 * the IANA zone it means there (LOCAL: the airport's zone, e.g. America/New_York at JFK).
 */
import { useMemo } from "react";
import { type ShownZone, shownZone, type TimeZoneMode } from "../../domain/zones";
import { useAirport } from "./useAirport";

export function useShownZone(mode: TimeZoneMode): ShownZone {
  const { timeZone } = useAirport();
  return useMemo(() => shownZone(mode, timeZone), [mode, timeZone]);
}
