/** The live concept's reads that are not the hub's own (hub.ts keeps the stream's SQL). */
import { sql } from "drizzle-orm";
import type { components } from "../../generated/openapi";
import type { Database } from "../db/client";
import { queryRows } from "../db/sql";
import { PRESENCE_TTL_SECONDS } from "./hub";

type PresentUser = components["schemas"]["PresentUser"];

/** The people with an open stream on any instance, each once, with the matches they show. */
export function listPresentUsers(db: Database): Promise<PresentUser[]> {
  return queryRows<PresentUser>(
    db,
    sql`select u.id as user_id, u.name, u.last_name,
          coalesce(array_agg(distinct p.match_id) filter (where p.match_id is not null), '{}') as match_ids
        from live_presence p join users u on u.id = p.user_id
        where p.seen_at > now() - ${`${PRESENCE_TTL_SECONDS} seconds`}::interval and not u.is_blocked
        group by u.id, u.name, u.last_name
        order by u.name, u.last_name, u.id`,
  );
}
