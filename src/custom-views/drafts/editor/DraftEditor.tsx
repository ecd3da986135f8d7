/**
 * The draft editor (seed 000 §2.4, §4.2, §5.1): one row per change/request pair. Rows are dragged
 * to reorder; a single line of an unlinked row is dragged onto an empty place of its kind; rows
 * are linked, unlinked, split, duplicated, edited and deleted. Every drag has a menu equivalent
 * (the row's 'Acciones' menu) for keyboard users. Lines are validated as they are typed; the
 * message shows under the line.
 */
import DeleteIcon from "@mui/icons-material/Delete";
import DragIndicatorIcon from "@mui/icons-material/DragIndicator";
import EditIcon from "@mui/icons-material/Edit";
import LinkIcon from "@mui/icons-material/Link";
import LinkOffIcon from "@mui/icons-material/LinkOff";
import MoreVertIcon from "@mui/icons-material/MoreVert";
import {
  Alert,
  Box,
  Button,
  FormHelperText,
  IconButton,
  LinearProgress,
  ListItemIcon,
  ListItemText,
  Menu,
  MenuItem,
  Paper,
  TextField,
  Tooltip,
  Typography,
} from "@mui/material";
import { type DragEvent, type KeyboardEvent, useState } from "react";
import { useTranslate } from "react-admin";
import { SCR_FONT } from "../../../client/ui/scrText";
import { countLineProblems, type LineContext, lineLetter, lineProblem } from "./lineRules";
import {
  canLink,
  canMoveLine,
  canSplit,
  duplicatePair,
  type EditorPair,
  type KeyFactory,
  type LineKind,
  moveLine,
  moveRow,
  moveTargets,
  removePair,
  setLine,
  setLinked,
  splitPair,
} from "./pairs";
import "../../../client/i18n/draftsTexts";


type Dragging = { type: "row"; index: number } | { type: "line"; index: number; kind: LineKind } | null;
type Editing = { key: string; kind: LineKind; original: string } | null;

export interface DraftEditorProps {
  pairs: EditorPair[] | null;
  context: LineContext;
  onChange(next: EditorPair[]): void;
  makeKey: KeyFactory;
  /** Why the rows could not be encoded (shown with a retry). */
  problem?: string | null;
  onRetry?(): void;
  /** Draft items without rows, and how to encode them. */
  missing?: number;
  onEncodeMissing?(): void;
}

export const DraftEditor = ({ pairs, context, onChange, makeKey, problem, onRetry, missing = 0, onEncodeMissing }: DraftEditorProps) => {
  const translate = useTranslate();
  const [dragging, setDragging] = useState<Dragging>(null);
  const [editing, setEditing] = useState<Editing>(null);
  const [menu, setMenu] = useState<{ index: number; anchor: HTMLElement } | null>(null);
  const [moveMenu, setMoveMenu] = useState<{ index: number; kind: LineKind; anchor: HTMLElement } | null>(null);
  const withChange = context.flavour === "modify";
  const kindLabel = (kind: LineKind) =>
    translate(kind === "change" ? "slotdesk.drafts.editor.change" : "slotdesk.drafts.editor.request");

  const header = (
    <Box sx={{ display: "flex", alignItems: "baseline", gap: 2, mb: 1 }}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        {translate("slotdesk.drafts.editor.title")}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {translate(withChange ? "slotdesk.drafts.editor.help_modify" : "slotdesk.drafts.editor.help")}
      </Typography>
    </Box>
  );

  if (problem) {
    return (
      <Paper variant="outlined" sx={{ p: 2 }}>
        {header}
        <Alert
          severity="error"
          action={
            onRetry ? (
              <Button color="inherit" size="small" onClick={onRetry}>
                {translate("slotdesk.app.retry")}
              </Button>
            ) : undefined
          }
        >
          {problem}
        </Alert>
      </Paper>
    );
  }

  if (pairs === null) {
    return (
      <Paper variant="outlined" sx={{ p: 2 }}>
        {header}
        <LinearProgress aria-label={translate("slotdesk.drafts.editor.encoding")} />
        <Typography variant="body2" sx={{ mt: 1 }}>
          {translate("slotdesk.drafts.editor.encoding")}
        </Typography>
      </Paper>
    );
  }

  const invalid = countLineProblems(pairs, context);
  const rowLabel = (index: number) => translate("slotdesk.drafts.editor.row", { row: index + 1 });

  const stopEditing = (revert: boolean) => {
    if (revert && editing) {
      const index = pairs.findIndex((pair) => pair.key === editing.key);
      if (index >= 0) onChange(setLine(pairs, index, editing.kind, editing.original));
    }
    setEditing(null);
  };

  const startEditing = (index: number, kind: LineKind) => {
    const pair = pairs[index];
    const text = pair?.[kind];
    if (!pair || text === null || text === undefined) return;
    setEditing({ key: pair.key, kind, original: text });
  };

  const onRowDragStart = (event: DragEvent, index: number) => {
    event.dataTransfer.effectAllowed = "move";
    event.dataTransfer.setData("text/plain", `row:${index}`);
    setDragging({ type: "row", index });
  };

  const onLineDragStart = (event: DragEvent, index: number, kind: LineKind) => {
    event.stopPropagation();
    event.dataTransfer.effectAllowed = "move";
    event.dataTransfer.setData("text/plain", `${kind}:${index}`);
    setDragging({ type: "line", index, kind });
  };

  const onRowDragOver = (event: DragEvent, index: number) => {
    if (dragging?.type === "row" && dragging.index !== index) event.preventDefault();
  };

  const onRowDrop = (event: DragEvent, index: number) => {
    if (dragging?.type !== "row") return;
    event.preventDefault();
    onChange(moveRow(pairs, dragging.index, index));
    setDragging(null);
  };

  const onPlaceDragOver = (event: DragEvent, index: number, kind: LineKind) => {
    if (dragging?.type === "line" && dragging.kind === kind && canMoveLine(pairs, dragging.index, kind, index)) {
      event.preventDefault();
      event.stopPropagation();
    }
  };

  const onPlaceDrop = (event: DragEvent, index: number, kind: LineKind) => {
    if (dragging?.type !== "line" || dragging.kind !== kind) return;
    event.preventDefault();
    event.stopPropagation();
    onChange(moveLine(pairs, dragging.index, kind, index));
    setDragging(null);
  };

  const act = (next: EditorPair[]) => {
    setMenu(null);
    setMoveMenu(null);
    onChange(next);
  };

  const renderLine = (pair: EditorPair, index: number, kind: LineKind) => {
    const text = pair[kind];
    const label = `${kindLabel(kind)}, ${rowLabel(index).toLowerCase()}`;
    if (text === null) {
      const droppable =
        dragging?.type === "line" && dragging.kind === kind && canMoveLine(pairs, dragging.index, kind, index);
      return (
        <Box
          role="group"
          data-empty=""
          aria-label={translate("slotdesk.drafts.editor.empty_place", { line: label })}
          onDragOver={(event) => onPlaceDragOver(event, index, kind)}
          onDrop={(event) => onPlaceDrop(event, index, kind)}
          sx={{
            border: "1px dashed",
            borderColor: droppable ? "primary.main" : "divider",
            bgcolor: droppable ? "action.hover" : "transparent",
            borderRadius: 1,
            px: 1,
            py: 0.75,
            color: "text.disabled",
            fontSize: 13,
          }}
        >
          {translate("slotdesk.drafts.editor.empty")}
        </Box>
      );
    }
    const message = lineProblem(text, kind, context);
    if (editing?.key === pair.key && editing.kind === kind) {
      return (
        <TextField
          autoFocus
          fullWidth
          size="small"
          label={label}
          value={text}
          error={message !== null}
          helperText={message ?? " "}
          placeholder={lineLetter(kind, context)}
          onChange={(event) => onChange(setLine(pairs, index, kind, event.target.value.toUpperCase()))}
          onBlur={() => stopEditing(false)}
          onKeyDown={(event: KeyboardEvent) => {
            if (event.key === "Enter") {
              event.preventDefault();
              stopEditing(false);
            } else if (event.key === "Escape") {
              event.preventDefault();
              event.stopPropagation();
              stopEditing(true);
            }
          }}
          slotProps={{ htmlInput: { maxLength: 48, spellCheck: false, style: { fontFamily: SCR_FONT } } }}
        />
      );
    }
    const movable = !pair.linked && withChange;
    return (
      <Box sx={{ minWidth: 0 }}>
        <Box sx={{ display: "flex", alignItems: "center", gap: 0.5 }}>
          <Box
            component="span"
            data-line={kind}
            draggable={movable}
            onDragStart={movable ? (event: DragEvent) => onLineDragStart(event, index, kind) : undefined}
            onDragEnd={() => setDragging(null)}
            onClick={() => startEditing(index, kind)}
            title={movable ? translate("slotdesk.drafts.editor.drag_line") : undefined}
            sx={{
              fontFamily: SCR_FONT,
              fontSize: 13,
              whiteSpace: "pre",
              px: 1,
              py: 0.5,
              borderRadius: 1,
              border: "1px solid",
              borderColor: message ? "error.main" : "divider",
              cursor: movable ? "grab" : "text",
              overflow: "hidden",
              textOverflow: "ellipsis",
            }}
          >
            {text}
          </Box>
          <IconButton
            size="small"
            aria-label={translate("slotdesk.drafts.editor.edit_line", { line: label })}
            onClick={() => startEditing(index, kind)}
          >
            <EditIcon fontSize="inherit" />
          </IconButton>
        </Box>
        {message ? <FormHelperText error>{message}</FormHelperText> : null}
      </Box>
    );
  };

  const menuPair = menu ? pairs[menu.index] : undefined;
  const menuIndex = menu?.index ?? -1;

  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      {header}
      {missing > 0 && onEncodeMissing ? (
        <Alert
          severity="info"
          sx={{ mb: 1 }}
          action={
            <Button color="inherit" size="small" onClick={onEncodeMissing}>
              {translate("slotdesk.drafts.editor.encode_missing")}
            </Button>
          }
        >
          {translate("slotdesk.drafts.editor.missing", { smart_count: missing })}
        </Alert>
      ) : null}
      {invalid > 0 ? (
        <Alert severity="warning" sx={{ mb: 1 }}>
          {translate("slotdesk.drafts.editor.invalid", { smart_count: invalid })}
        </Alert>
      ) : null}
      {pairs.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {translate("slotdesk.drafts.editor.no_rows")}
        </Typography>
      ) : (
        <Box role="list" aria-label={translate("slotdesk.drafts.editor.rows")} sx={{ display: "flex", flexDirection: "column", gap: 0.5 }}>
          {pairs.map((pair, index) => (
            <Box
              key={pair.key}
              role="listitem"
              aria-label={rowLabel(index)}
              onDragOver={(event) => onRowDragOver(event, index)}
              onDrop={(event) => onRowDrop(event, index)}
              sx={{
                display: "grid",
                gridTemplateColumns: withChange ? "24px 28px 1fr 36px 1fr 36px" : "24px 28px 1fr 36px",
                alignItems: "start",
                gap: 1,
                py: 0.5,
                borderTop: dragging?.type === "row" && dragging.index !== index ? "2px solid transparent" : undefined,
                bgcolor: dragging?.type === "row" && dragging.index === index ? "action.selected" : undefined,
              }}
            >
              <Tooltip title={translate("slotdesk.drafts.editor.drag_row")}>
                <Box
                  draggable
                  onDragStart={(event: DragEvent) => onRowDragStart(event, index)}
                  onDragEnd={() => setDragging(null)}
                  aria-hidden
                  sx={{ cursor: "grab", color: "text.secondary", pt: 0.5 }}
                >
                  <DragIndicatorIcon fontSize="small" />
                </Box>
              </Tooltip>
              <Typography variant="body2" color="text.secondary" sx={{ pt: 0.75 }}>
                {index + 1}
              </Typography>
              {withChange ? renderLine(pair, index, "change") : null}
              {withChange ? (
                <Tooltip
                  title={translate(pair.linked ? "slotdesk.drafts.editor.unlink" : "slotdesk.drafts.editor.link")}
                >
                  <span>
                    <IconButton
                      size="small"
                      aria-label={`${translate(pair.linked ? "slotdesk.drafts.editor.unlink" : "slotdesk.drafts.editor.link")} ${rowLabel(index).toLowerCase()}`}
                      aria-pressed={pair.linked}
                      disabled={!pair.linked && !canLink(pair)}
                      color={pair.linked ? "primary" : "default"}
                      onClick={() => onChange(setLinked(pairs, index, !pair.linked))}
                    >
                      {pair.linked ? <LinkIcon fontSize="small" /> : <LinkOffIcon fontSize="small" />}
                    </IconButton>
                  </span>
                </Tooltip>
              ) : null}
              {renderLine(pair, index, "request")}
              <IconButton
                size="small"
                aria-label={translate("slotdesk.drafts.editor.actions", { row: index + 1 })}
                aria-haspopup="menu"
                onClick={(event) => setMenu({ index, anchor: event.currentTarget })}
              >
                <MoreVertIcon fontSize="small" />
              </IconButton>
            </Box>
          ))}
        </Box>
      )}

      <Menu anchorEl={menu?.anchor} open={menu !== null && menuPair !== undefined} onClose={() => setMenu(null)}>
        {menuPair && withChange && menuPair.change !== null ? (
          <MenuItem
            onClick={() => {
              setMenu(null);
              startEditing(menuIndex, "change");
            }}
          >
            {translate("slotdesk.drafts.editor.edit_change")}
          </MenuItem>
        ) : null}
        {menuPair && menuPair.request !== null ? (
          <MenuItem
            onClick={() => {
              setMenu(null);
              startEditing(menuIndex, "request");
            }}
          >
            {translate("slotdesk.drafts.editor.edit_request")}
          </MenuItem>
        ) : null}
        <MenuItem disabled={menuIndex <= 0} onClick={() => act(moveRow(pairs, menuIndex, menuIndex - 1))}>
          {translate("slotdesk.drafts.editor.move_up")}
        </MenuItem>
        <MenuItem disabled={menuIndex >= pairs.length - 1} onClick={() => act(moveRow(pairs, menuIndex, menuIndex + 1))}>
          {translate("slotdesk.drafts.editor.move_down")}
        </MenuItem>
        {withChange && menuPair ? (
          <MenuItem
            disabled={!menuPair.linked && !canLink(menuPair)}
            onClick={() => act(setLinked(pairs, menuIndex, !menuPair.linked))}
          >
            {translate(menuPair.linked ? "slotdesk.drafts.editor.unlink" : "slotdesk.drafts.editor.link")}
          </MenuItem>
        ) : null}
        {withChange ? (
          <MenuItem disabled={!canSplit(menuPair)} onClick={() => act(splitPair(pairs, menuIndex, makeKey))}>
            {translate("slotdesk.drafts.editor.split")}
          </MenuItem>
        ) : null}
        {withChange
          ? (["change", "request"] as const).map((kind) => (
              <MenuItem
                key={kind}
                disabled={moveTargets(pairs, menuIndex, kind).length === 0}
                onClick={(event) => {
                  setMoveMenu({ index: menuIndex, kind, anchor: event.currentTarget });
                }}
              >
                {translate(kind === "change" ? "slotdesk.drafts.editor.move_change" : "slotdesk.drafts.editor.move_request")}
              </MenuItem>
            ))
          : null}
        <MenuItem onClick={() => act(duplicatePair(pairs, menuIndex, makeKey))}>
          {translate("slotdesk.drafts.editor.duplicate")}
        </MenuItem>
        <MenuItem onClick={() => act(removePair(pairs, menuIndex))}>
          <ListItemIcon>
            <DeleteIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{translate("slotdesk.drafts.editor.delete")}</ListItemText>
        </MenuItem>
      </Menu>

      <Menu
        anchorEl={moveMenu?.anchor}
        open={moveMenu !== null}
        onClose={() => setMoveMenu(null)}
        anchorOrigin={{ vertical: "top", horizontal: "right" }}
        slotProps={{
          list: {
            "aria-label": moveMenu
              ? translate(moveMenu.kind === "change" ? "slotdesk.drafts.editor.move_change" : "slotdesk.drafts.editor.move_request")
              : undefined,
          },
        }}
      >
        {moveMenu
          ? moveTargets(pairs, moveMenu.index, moveMenu.kind).map((target) => (
              <MenuItem key={target} onClick={() => act(moveLine(pairs, moveMenu.index, moveMenu.kind, target))}>
                {translate("slotdesk.drafts.editor.to_row", { row: target + 1 })}
              </MenuItem>
            ))
          : null}
      </Menu>
    </Paper>
  );
};
