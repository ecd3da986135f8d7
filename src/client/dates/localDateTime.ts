import { TZDate } from "@date-fns/tz";
import { format } from "date-fns";
import { DEFAULT_TIME_ZONE } from "../../domain/seasons";

/** An instant as the airport's wall clock (Mexico City), `dd/MM/yyyy HH:mm`: how the admin lists and the Bitácora show when. */
export const localDateTime = (iso: string) => format(new TZDate(new Date(iso).getTime(), DEFAULT_TIME_ZONE), "dd/MM/yyyy HH:mm");
