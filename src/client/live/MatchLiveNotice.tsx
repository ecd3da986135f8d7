/**
 * In the match viewer: who else has this match open ("También lo ve: Ana Pérez"), and, when another
 * user changed it while it was open, a notice with 'Recargar'. Nothing is reloaded by itself: what
 * the user typed stays until they choose to reload.
 */
import { Alert, Button, Typography } from "@mui/material";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useTranslate } from "react-admin";
import { getStoredUser } from "../auth/session";
import { queryKeys } from "../queries/keys";
import { onMatchChanged } from "./messages";
import { usePresence, useViewing } from "./presence";

export const MatchLiveNotice = ({ matchId }: { matchId: number }) => {
  const translate = useTranslate();
  const queryClient = useQueryClient();
  const people = usePresence().data ?? [];
  const [changed, setChanged] = useState<{ matchId: number; actorId: number | null } | null>(null);
  const changedBy = changed?.matchId === matchId ? changed : null;
  useViewing(matchId);

  useEffect(() => {
    return onMatchChanged((ids, actorId) => {
      if (ids === null || ids.includes(matchId)) setChanged({ matchId, actorId });
    });
  }, [matchId]);

  const me = getStoredUser()?.id;
  const others = people.filter((person) => person.user_id !== me && person.match_ids.includes(matchId));
  const actor = changedBy?.actorId == null ? undefined : people.find((person) => person.user_id === changedBy.actorId);

  const reload = () => {
    setChanged(null);
    void queryClient.invalidateQueries({ queryKey: [...queryKeys.matchViewer, matchId] });
  };

  return (
    <>
      {others.length > 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} data-testid="match-also-viewing">
          {translate("slotdesk.live.also_viewing", {
            names: others.map((person) => `${person.name} ${person.last_name}`.trim()).join(", "),
          })}
        </Typography>
      ) : null}
      {changedBy ? (
        <Alert
          severity="warning"
          sx={{ mb: 1.5 }}
          action={
            <Button color="inherit" size="small" onClick={reload}>
              {translate("slotdesk.live.reload")}
            </Button>
          }
        >
          {actor
            ? translate("slotdesk.live.changed_by", { name: `${actor.name} ${actor.last_name}`.trim() })
            : translate("slotdesk.live.changed")}
        </Alert>
      ) : null}
    </>
  );
};
