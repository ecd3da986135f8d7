import EditNoteIcon from "@mui/icons-material/EditNote";
import ExpandMoreIcon from "@mui/icons-material/ExpandMore";
import { Button, IconButton, ListItemIcon, ListItemText, Menu, MenuItem, Tooltip } from "@mui/material";
import { type MouseEvent, useId, useState } from "react";
import { useTranslate } from "react-admin";
import { DRAFT_KINDS, type DraftKind, useDraftsModal } from "../../custom-views/drafts";
import { hasCapability, useRole } from "../../client/auth/capabilities";

/**
 * The 'Borradores' menu of the top bar (seed 000 §2.1, §6): one entry per draft kind the role
 * holds, each opening the full-screen drafts modal on that draft.
 */
export const DraftsMenu = ({ compact = false }: { compact?: boolean }) => {
  const translate = useTranslate();
  const { role } = useRole();
  const { open } = useDraftsModal();
  const menuId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const kinds = DRAFT_KINDS.filter((definition) => hasCapability(role, definition.capability));

  if (!hasCapability(role, "drafts") || kinds.length === 0) return null;

  const choose = (kind: DraftKind) => {
    setAnchor(null);
    open(kind);
  };

  const label = translate("slotdesk.drafts.menu");
  const menuProps = {
    "aria-haspopup": "menu" as const,
    "aria-controls": anchor ? menuId : undefined,
    "aria-expanded": anchor ? true : undefined,
    onClick: (event: MouseEvent<HTMLElement>) => setAnchor(event.currentTarget),
  };

  return (
    <>
      {compact ? (
        // A narrow window: the icon alone, named and with its tooltip.
        <Tooltip title={label}>
          <IconButton color="inherit" aria-label={label} {...menuProps}>
            <EditNoteIcon />
          </IconButton>
        </Tooltip>
      ) : (
        <Button color="inherit" startIcon={<EditNoteIcon />} endIcon={<ExpandMoreIcon />} {...menuProps}>
          {label}
        </Button>
      )}
      <Menu id={menuId} anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {kinds.map((definition) => {
          const Icon = definition.icon;
          return (
            <MenuItem key={definition.kind} onClick={() => choose(definition.kind)}>
              <ListItemIcon>
                <Icon fontSize="small" />
              </ListItemIcon>
              <ListItemText>{translate(definition.labelKey)}</ListItemText>
            </MenuItem>
          );
        })}
      </Menu>
    </>
  );
};
