/** Correos tab: every e-mail Slotdesk wrote; without an SMTP server this is where they stay. */
import { Box, Button, Chip, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from "@mui/material";
import { useState } from "react";
import { FunctionField, type RaRecord, useTranslate } from "react-admin";
import type { OutboxMessage } from "../audit";
import { localDateTime } from "../../client/dates/localDateTime";
import { AdminGrid, AdminList } from "../../client/ui/grid";
import "../../client/i18n/adminTexts";

const isMessage = (record: RaRecord): record is OutboxMessage =>
  typeof record.subject === "string" && typeof record.text === "string" && Array.isArray(record.to);

export const OutboxList = () => {
  const translate = useTranslate();
  const [open, setOpen] = useState<OutboxMessage | null>(null);
  return (
    <>
      <AdminList
        resource="outbox"
        searchable={false}
      >
        <AdminGrid isRecord={isMessage} onRow={setOpen}>
          <FunctionField<OutboxMessage> label="slotdesk.outbox.fields.created_at" sortable={false} render={(m) => localDateTime(m.created_at)} />
          <FunctionField<OutboxMessage> label="slotdesk.outbox.fields.to" sortable={false} render={(m) => m.to.join(", ")} />
          <FunctionField<OutboxMessage> label="slotdesk.outbox.fields.subject" sortable={false} render={(m) => m.subject} />
          <FunctionField<OutboxMessage>
            label="slotdesk.outbox.fields.status"
            sortable={false}
            render={(m) => (
              <Chip size="small" color={m.status === "sent" ? "success" : "warning"} label={translate(`slotdesk.outbox.status.${m.status}`)} />
            )}
          />
        </AdminGrid>
      </AdminList>
      <Dialog open={open !== null} onClose={() => setOpen(null)} maxWidth="md" fullWidth>
        <DialogTitle>{open?.subject}</DialogTitle>
        <DialogContent>
          {open ? (
            <Box>
              <Typography variant="body2">
                {translate("slotdesk.outbox.fields.to")}: {open.to.join(", ")}
              </Typography>
              {open.cc.length > 0 ? (
                <Typography variant="body2">
                  {translate("slotdesk.outbox.fields.cc")}: {open.cc.join(", ")}
                </Typography>
              ) : null}
              {open.attachments.length > 0 ? (
                <Typography variant="body2">
                  {translate("slotdesk.outbox.attachments")}: {open.attachments.join(", ")}
                </Typography>
              ) : null}
              <Box component="pre" sx={{ mt: 2, p: 2, bgcolor: "grey.100", fontFamily: "monospace", whiteSpace: "pre-wrap" }}>
                {open.text}
              </Box>
            </Box>
          ) : null}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(null)}>{translate("slotdesk.outbox.close")}</Button>
        </DialogActions>
      </Dialog>
    </>
  );
};
