/** Correos tab: every e-mail Slotdesk wrote; without an SMTP server this is where they stay. */
import { Box, Chip } from "@mui/material";
import { useState } from "react";
import type { OutboxMessage } from "../audit";
import { AdminList, RowDetailDialog } from "../../client/ui/grid";
import { recordSchemaOf, ResourceDetail, ResourceGrid } from "../../client/schema/ResourceGrid";
import { formatValue } from "../../client/schema/records";
import "../../client/i18n/adminTexts";

const STATUS = recordSchemaOf("outbox").properties?.status ?? {};

export const OutboxList = () => {
  const [open, setOpen] = useState<OutboxMessage | null>(null);
  return (
    <>
      <AdminList
        resource="outbox"
        searchable={false}
      >
        <ResourceGrid
          resource="outbox"
          onRow={setOpen}
          cells={{
            status: {
              render: (m) => (
                <Chip size="small" color={m.status === "sent" ? "success" : "warning"} label={formatValue(STATUS, m.status, { yes: "", no: "", empty: "" })} />
              ),
            },
          }}
        />
      </AdminList>
      <RowDetailDialog row={open} onClose={() => setOpen(null)} title={(message) => message.subject}>
        {(message) => (
          <Box>
            <ResourceDetail resource="outbox" record={message} />
            <Box component="pre" sx={{ mt: 2, p: 2, bgcolor: "grey.100", fontFamily: "monospace", whiteSpace: "pre-wrap" }}>
              {message.text}
            </Box>
          </Box>
        )}
      </RowDetailDialog>
    </>
  );
};
