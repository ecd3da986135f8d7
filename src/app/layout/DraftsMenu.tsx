import type { SvgIconComponent } from "@mui/icons-material";
import CloseIcon from "@mui/icons-material/Close";
import EditIcon from "@mui/icons-material/Edit";
import EditNoteIcon from "@mui/icons-material/EditNote";
import EventBusyIcon from "@mui/icons-material/EventBusy";
import ExpandMoreIcon from "@mui/icons-material/ExpandMore";
import PostAddIcon from "@mui/icons-material/PostAdd";
import {
  AppBar,
  Box,
  Button,
  Dialog,
  IconButton,
  ListItemIcon,
  ListItemText,
  Menu,
  MenuItem,
  Toolbar,
  Tooltip,
  Typography,
} from "@mui/material";
import { type MouseEvent, useId, useState } from "react";
import { useTranslate } from "react-admin";
import { ComingSoon } from "../../custom-views/ComingSoon";
import type { Capability } from "../../generated/access";
import { hasCapability, useRole } from "../auth/capabilities";

type DraftKind = "new" | "modify" | "cancel";

interface DraftKindDefinition {
  kind: DraftKind;
  /** Menu entry label. */
  labelKey: string;
  /** Title of the full-screen drafts view (seed 000 §2.3). */
  titleKey: string;
  icon: SvgIconComponent;
  capability: Capability;
}

const DRAFT_KINDS: readonly DraftKindDefinition[] = [
  {
    kind: "new",
    labelKey: "slotdesk.drafts.new",
    titleKey: "slotdesk.drafts.title_new",
    icon: PostAddIcon,
    capability: "draftNew",
  },
  {
    kind: "modify",
    labelKey: "slotdesk.drafts.modify",
    titleKey: "slotdesk.drafts.title_modify",
    icon: EditIcon,
    capability: "draftModify",
  },
  {
    kind: "cancel",
    labelKey: "slotdesk.drafts.cancel",
    titleKey: "slotdesk.drafts.title_cancel",
    icon: EventBusyIcon,
    capability: "draftCancel",
  },
];

interface DraftsDialogProps {
  kinds: readonly DraftKindDefinition[];
  kind: DraftKind;
  onChangeKind: (kind: DraftKind) => void;
  onClose: () => void;
}

/**
 * The full-screen drafts view (seed 000 §2.3): side icons switch between the kinds the role
 * holds. The drafts editor is not built yet, and the panel says so.
 */
const DraftsDialog = ({ kinds, kind, onChangeKind, onClose }: DraftsDialogProps) => {
  const translate = useTranslate();
  const titleId = useId();
  const current = kinds.find((definition) => definition.kind === kind);
  return (
    <Dialog fullScreen open onClose={onClose} aria-labelledby={titleId}>
      <AppBar position="static" elevation={0}>
        <Toolbar variant="dense">
          <Typography id={titleId} variant="h6" component="h2" sx={{ flex: 1 }}>
            {current ? translate(current.titleKey) : translate("slotdesk.drafts.menu")}
          </Typography>
          <IconButton color="inherit" edge="end" aria-label={translate("ra.action.close")} onClick={onClose}>
            <CloseIcon />
          </IconButton>
        </Toolbar>
      </AppBar>
      <Box sx={{ display: "flex", flex: 1, minHeight: 0 }}>
        <Box
          component="nav"
          aria-label={translate("slotdesk.drafts.kinds")}
          sx={{ width: 70, display: "flex", flexDirection: "column", alignItems: "center", gap: 0.5, py: 1 }}
        >
          {kinds.map((definition) => {
            const Icon = definition.icon;
            const label = translate(definition.labelKey);
            const selected = definition.kind === kind;
            return (
              <Tooltip key={definition.kind} title={label} placement="right">
                <IconButton
                  aria-label={label}
                  aria-pressed={selected}
                  color={selected ? "primary" : "default"}
                  onClick={() => onChangeKind(definition.kind)}
                >
                  <Icon />
                </IconButton>
              </Tooltip>
            );
          })}
        </Box>
        <Box sx={{ flex: 1, p: 3, overflow: "auto" }}>
          <ComingSoon message={translate("slotdesk.coming_soon.drafts")} />
        </Box>
      </Box>
    </Dialog>
  );
};

/** The 'Borradores' menu of the top bar (seed 000 §2.1, §6): one entry per draft kind the role holds. */
export const DraftsMenu = () => {
  const translate = useTranslate();
  const { role } = useRole();
  const menuId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [openKind, setOpenKind] = useState<DraftKind | null>(null);
  const kinds = DRAFT_KINDS.filter((definition) => hasCapability(role, definition.capability));

  if (!hasCapability(role, "drafts") || kinds.length === 0) return null;

  const open = (kind: DraftKind) => {
    setAnchor(null);
    setOpenKind(kind);
  };

  return (
    <>
      <Button
        color="inherit"
        startIcon={<EditNoteIcon />}
        endIcon={<ExpandMoreIcon />}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? true : undefined}
        onClick={(event: MouseEvent<HTMLElement>) => setAnchor(event.currentTarget)}
      >
        {translate("slotdesk.drafts.menu")}
      </Button>
      <Menu id={menuId} anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {kinds.map((definition) => {
          const Icon = definition.icon;
          return (
            <MenuItem key={definition.kind} onClick={() => open(definition.kind)}>
              <ListItemIcon>
                <Icon fontSize="small" />
              </ListItemIcon>
              <ListItemText>{translate(definition.labelKey)}</ListItemText>
            </MenuItem>
          );
        })}
      </Menu>
      {openKind ? (
        <DraftsDialog kinds={kinds} kind={openKind} onChangeKind={setOpenKind} onClose={() => setOpenKind(null)} />
      ) : null}
    </>
  );
};
