/** Who is here (`GET /api/live/presence/`) and the match this browser's viewer shows (`PUT /api/live/viewing/`). */
import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { apiClient } from "../api/client";
import { dataOf, ONE_CALL } from "../queries/request";

export const presenceKey = ["live", "presence"] as const;

/** The people signed in now (refreshed when the stream says who is here changed). */
export function usePresence() {
  return useQuery({
    queryKey: presenceKey,
    queryFn: ({ signal }) => dataOf(apiClient.GET("/api/live/presence/", { signal })),
    ...ONE_CALL,
  });
}

/** Tells the others this browser views `matchId` while the calling component is shown. */
export function useViewing(matchId: number): void {
  useEffect(() => {
    void apiClient.PUT("/api/live/viewing/", { body: { match_id: matchId } }).catch(() => undefined);
    return () => {
      void apiClient.PUT("/api/live/viewing/", { body: { match_id: null } }).catch(() => undefined);
    };
  }, [matchId]);
}
