/**
 * A request's commentary and tracing in the 'Solicitud' viewer (seed 002 §5): each is saved when
 * it loses the focus, only if it is not empty after trimming and differs from what is stored,
 * with the seed's toasts ('Comentario actualizado con éxito', 'Seguimiento actualizado con éxito',
 * or 'Ha ocurrido un error, inténtalo de nuevo más tarde').
 */
import { Stack, TextField } from "@mui/material";
import { type StaleVersion, staleVersionOf } from "../../client/queries/request";
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

type Versioned = {
  /** The request's version the part was read at (or last written as). */
  version?: number | undefined;
  onWritten?: (version: number) => void;
  /** Someone changed the request since it was read (409): the viewer says who and offers to reload. */
  onStale?: (stale: StaleVersion) => void;
};

const NoteField = ({
  requestId,
  field,
  initial,
  version,
  onWritten,
  onStale,
}: { requestId: number; field: Field; initial: string | null } & Versioned) => {
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
      const notes = field === "commentary" ? { commentary: value } : { tracing: value };
      const data = await saveNotes({ requestId, notes: { ...notes, ...(version !== undefined ? { version } : {}) } });
      setStored((data[field] ?? "").trim());
      onWritten?.(data.version);
      notify(SAVED_KEYS[field], { type: "success" });
    } catch (error) {
      const stale = staleVersionOf(error);
      // Refused because someone saved first: the text stays in the field, the viewer says who.
      if (stale && onStale) onStale(stale);
      else notify("slotdesk.logbook.notes.failed", { type: "error" });
    }
  };
  // Read again after someone else's change: what is saved now, under what this person typed.
  const savedNow = (initial ?? "").trim();
  const reloadedOver = savedNow !== stored && savedNow !== text.trim();

  return (
    <TextField
      label={translate(LABEL_KEYS[field])}
      value={text}
      onChange={(event) => setText(event.target.value)}
      onBlur={() => void save()}
      multiline
      minRows={2}
      fullWidth
      helperText={reloadedOver ? translate("slotdesk.logbook.notes.saved_now", { text: savedNow || "—" }) : undefined}
      slotProps={{ htmlInput: { maxLength: 1000 } }}
    />
  );
};

export const LogbookNotes = ({
  requestId,
  commentary,
  tracing,
  ...versioned
}: { requestId: number; commentary: string | null; tracing: string | null } & Versioned) => (
  <Stack direction="row" spacing={2}>
    <NoteField requestId={requestId} field="commentary" initial={commentary} {...versioned} />
    <NoteField requestId={requestId} field="tracing" initial={tracing} {...versioned} />
  </Stack>
);
