/** The logbook's SQL that the query builder does not say plainly. */
import { sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { queryRows } from "../db/sql";

/** Up to three slots in process (WIP) whose line of the request still waits for the coordinator. */
export function linesWaitingInProcess(db: Database, requestId: number) {
  return queryRows<{ flight_number: string; date: string; time: string }>(
    db,
    sql`select s.flight_number, s.date, s.time
        from logbook_lines l join logbook_parts p on p.id = l.part_id join slots s on s.id = l.slot_id
        where p.request_id = ${requestId} and l.response is null and s.status = 'WIP'
        order by s.date, s.time limit 3`,
  );
}
