/**
 * A request's commentary and tracing in the 'Solicitud' viewer (seed 002 §5): each is saved when
 * it loses the focus, only if it is not empty after trimming and differs from what is stored,
 * with the seed's toasts ('Comentario actualizado con éxito', 'Seguimiento actualizado con éxito',
 * or 'Ha ocurrido un error, inténtalo de nuevo más tarde').
 */
import { Stack, TextField } from "@mui/material";
import { useState } from "react";
import { useNotify, useTranslate } from "react-admin";
import { useSaveLogbookNotes } from "../../client/queries/logbook";
import "../../client/i18n/logbookTexts";

type Field = "commentary" | "tracing";

const LABEL_KEYS: Record<Field, string> = {
  commentary: "slotdesk.logbook.fields.commentary",
  tracing: "slotdesk.logbook.fields.tracing",
};
const SAVED_KEYS: Record<Field, string> = {
  commentary: "slotdesk.logbook.notes.commentary_saved",
  tracing: "slotdesk.logbook.notes.tracing_saved",
};

const NoteField = ({ requestId, field, initial }: { requestId: number; field: Field; initial: string | null }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const [text, setText] = useState(initial ?? "");
  // What the server holds: a blur compares with it, so an unchanged field is not sent again.
  const [stored, setStored] = useState((initial ?? "").trim());
  const { mutateAsync: saveNotes } = useSaveLogbookNotes();

  const save = async () => {
    const value = text.trim();
    if (value === "" || value === stored) return;
    try {
      const data = await saveNotes({ requestId, notes: field === "commentary" ? { commentary: value } : { tracing: value } });
      setStored((data[field] ?? "").trim());
      notify(SAVED_KEYS[field], { type: "success" });
    } catch {
      notify("slotdesk.logbook.notes.failed", { type: "error" });
    }
  };

  return (
    <TextField
      label={translate(LABEL_KEYS[field])}
      value={text}
      onChange={(event) => setText(event.target.value)}
      onBlur={() => void save()}
      multiline
      minRows={2}
      fullWidth
      slotProps={{ htmlInput: { maxLength: 1000 } }}
    />
  );
};

export const LogbookNotes = ({ requestId, commentary, tracing }: { requestId: number; commentary: string | null; tracing: string | null }) => (
  <Stack direction="row" spacing={2}>
    <NoteField requestId={requestId} field="commentary" initial={commentary} />
    <NoteField requestId={requestId} field="tracing" initial={tracing} />
  </Stack>
);
