/** Correos tab: every e-mail Slotdesk wrote; without an SMTP server this is where they stay. */
import { Box, Chip, Typography } from "@mui/material";
import { useState } from "react";
import { FunctionField, type RaRecord, useTranslate } from "react-admin";
import type { OutboxMessage } from "../audit";
import { localDateTime } from "../../client/dates/localDateTime";
import { AdminGrid, AdminList, RowDetailDialog } from "../../client/ui/grid";
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
      <RowDetailDialog row={open} onClose={() => setOpen(null)} title={(message) => message.subject}>
        {(message) => (
          <Box>
            <Typography variant="body2">
              {translate("slotdesk.outbox.fields.to")}: {message.to.join(", ")}
            </Typography>
            {message.cc.length > 0 ? (
              <Typography variant="body2">
                {translate("slotdesk.outbox.fields.cc")}: {message.cc.join(", ")}
              </Typography>
            ) : null}
            {message.attachments.length > 0 ? (
              <Typography variant="body2">
                {translate("slotdesk.outbox.attachments")}: {message.attachments.join(", ")}
              </Typography>
            ) : null}
            <Box component="pre" sx={{ mt: 2, p: 2, bgcolor: "grey.100", fontFamily: "monospace", whiteSpace: "pre-wrap" }}>
              {message.text}
            </Box>
          </Box>
        )}
      </RowDetailDialog>
    </>
  );
};
