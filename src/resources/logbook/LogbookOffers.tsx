/**
 * The coordinator's offers (issue 12 item 6; SSIM Ch. 6 `O` lines): per line in the 'Solicitud'
 * viewer, with their deadline and, for Admin and Slot, the answer — A accept, P accept and keep the
 * original request pending, Z decline — sent to the coordinator as an SCR after a confirmation;
 * and the season's open offers above the Bitácora's list, soonest deadline first.
 */
import { Alert, Box, Button, Chip, List, ListItemButton, ListItemText, Paper, Stack, Typography } from "@mui/material";
import { useState } from "react";
import { Confirm, useListContext, useNotify, useTranslate } from "react-admin";
import { apiErrorMessage } from "../../client/api/client";
import { useAnswerOffer, useOpenOffers } from "../../client/queries/logbook";
import { useCapability } from "../../client/auth/capabilities";
import { DeadlineChip } from "../../client/ui/DeadlineChip";
import { SCR_TEXT } from "../../client/ui/scrText";
import type { components } from "../../generated/openapi";
import "../../client/i18n/logbookTexts";

type LogbookLine = components["schemas"]["LogbookLine"];
type OfferAction = components["schemas"]["LogbookOfferAction"];

const ANSWER_NAME_KEYS: Record<OfferAction, string> = {
  A: "slotdesk.logbook.offers.answer_names.A",
  P: "slotdesk.logbook.offers.answer_names.P",
  Z: "slotdesk.logbook.offers.answer_names.Z",
};
const CONFIRM_KEYS: Record<OfferAction, string> = {
  A: "slotdesk.logbook.offers.confirm_A",
  P: "slotdesk.logbook.offers.confirm_P",
  Z: "slotdesk.logbook.offers.confirm_Z",
};

const Deadline = ({ date }: { date: string | null }) => {
  const translate = useTranslate();
  if (date === null) return <Typography variant="caption">{translate("slotdesk.logbook.offers.no_deadline")}</Typography>;
  return (
    <DeadlineChip
      date={date}
      label={(shown) => translate("slotdesk.logbook.offers.deadline", { date: shown })}
      overdueLabel={translate("slotdesk.logbook.offers.overdue")}
    />
  );
};

/** A line's offers, their deadline, and the answer buttons (or the answer given); an answer reloads the part. */
export const LineOffers = ({ line }: { line: LogbookLine }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const canAnswer = useCapability("draftModify");
  const [asking, setAsking] = useState<{ answer: OfferAction; offer: number } | null>(null);
  const { mutateAsync: answerOffer, isPending: sending } = useAnswerOffer();
  if (line.offers.length === 0) return null;

  const send = async () => {
    if (!asking) return;
    const result = await answerOffer({
      lineId: line.id,
      answer: asking.answer === "Z" ? { answer: "Z" } : { answer: asking.answer, offer: asking.offer },
    });
    setAsking(null);
    if (result?.data) {
      notify("slotdesk.logbook.offers.sent", { type: "success", messageArgs: { reference: result.data.reference } });
    } else {
      notify(result?.error ? apiErrorMessage(result.error) : translate("slotdesk.logbook.files.failed"), { type: "error" });
    }
  };

  const open = line.offer_answer === null;
  return (
    <Stack spacing={0.5} aria-label={translate("slotdesk.logbook.offers.column")}>
      {line.offers.map((offer, index) => (
        <Stack key={`${index}-${offer}`} direction="row" spacing={1} sx={{ alignItems: "center", flexWrap: "wrap" }} useFlexGap>
          <Box component="span" sx={{ ...SCR_TEXT, fontSize: 13 }}>
            {offer}
          </Box>
          {open && canAnswer ? (
            <>
              <Button size="small" onClick={() => setAsking({ answer: "A", offer: index })} aria-label={`${translate("slotdesk.logbook.offers.answers.A")} ${translate("slotdesk.logbook.offers.offer", { n: index + 1 })}`}>
                {translate("slotdesk.logbook.offers.answers.A")} (A)
              </Button>
              <Button size="small" onClick={() => setAsking({ answer: "P", offer: index })} aria-label={`${translate("slotdesk.logbook.offers.answers.P")} ${translate("slotdesk.logbook.offers.offer", { n: index + 1 })}`}>
                {translate("slotdesk.logbook.offers.answers.P")} (P)
              </Button>
            </>
          ) : null}
        </Stack>
      ))}
      <Stack direction="row" spacing={1} sx={{ alignItems: "center" }}>
        {open ? (
          <>
            <Deadline date={line.offers_deadline} />
            {canAnswer ? (
              <Button size="small" color="error" onClick={() => setAsking({ answer: "Z", offer: 0 })}>
                {translate("slotdesk.logbook.offers.answers.Z")} (Z)
              </Button>
            ) : null}
          </>
        ) : (
          <Chip
            size="small"
            color={line.offer_answer === "Z" ? "default" : "success"}
            label={translate("slotdesk.logbook.offers.answered", {
              answer: translate(ANSWER_NAME_KEYS[line.offer_answer ?? "A"]),
            })}
          />
        )}
      </Stack>
      <Confirm
        isOpen={asking !== null}
        loading={sending}
        title="slotdesk.logbook.offers.confirm_title"
        content={CONFIRM_KEYS[asking?.answer ?? "A"]}
        translateOptions={{ n: (asking?.offer ?? 0) + 1 }}
        confirm="slotdesk.logbook.offers.confirm_button"
        onConfirm={() => void send()}
        onClose={() => setAsking(null)}
      />
    </Stack>
  );
};

/** The season's open offers (the list's season filter), each opening its part. */
export const OpenOffers = ({ onOpen }: { onOpen: (partId: number) => void }) => {
  const translate = useTranslate();
  // Read again whenever the list has loaded (its refresh button, the season selector, a write).
  const { filterValues, isFetching } = useListContext();
  const season = Number(filterValues.season_id);
  const valid = Number.isInteger(season) && season > 0;
  const { data } = useOpenOffers(valid ? season : null, !isFetching);
  if (!valid || !data) return null;
  return (
    <Paper variant="outlined" sx={{ p: 1.5, mb: 1 }} component="section" aria-label={translate("slotdesk.logbook.offers.title")}>
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
        {translate("slotdesk.logbook.offers.title")} ({data.length})
      </Typography>
      {data.length === 0 ? (
        <Alert severity="success" variant="outlined" sx={{ mt: 1 }}>
          {translate("slotdesk.logbook.offers.none")}
        </Alert>
      ) : (
        <List dense disablePadding>
          {data.map((offer) => (
            <ListItemButton key={offer.line_id} onClick={() => onOpen(offer.part_id)}>
              <ListItemText
                primary={
                  <Stack direction="row" spacing={1} sx={{ alignItems: "center", flexWrap: "wrap" }} useFlexGap>
                    <Typography component="span" sx={{ fontWeight: 600 }}>
                      {translate("slotdesk.logbook.offers.reference", { reference: offer.part > 1 ? `${offer.reference}-${offer.part}` : offer.reference })}
                    </Typography>
                    <Box component="span" sx={{ ...SCR_TEXT, fontSize: 13 }}>
                      {offer.request}
                    </Box>
                    <Deadline date={offer.offers_deadline} />
                  </Stack>
                }
                secondary={offer.offers.join(" · ")}
                slotProps={{ secondary: { sx: { ...SCR_TEXT, fontSize: 12 } } }}
              />
            </ListItemButton>
          ))}
        </List>
      )}
    </Paper>
  );
};
