/** The top bar's "who is here": the team members signed in now, initials with names in a tooltip. */
import { Avatar, AvatarGroup, Tooltip } from "@mui/material";
import { useTranslate } from "react-admin";
import { usePresence } from "./presence";

const initials = (name: string, lastName: string) =>
  `${name.trim().charAt(0)}${lastName.trim().charAt(0)}`.toUpperCase() || "?";

export const PresenceChip = () => {
  const translate = useTranslate();
  const people = usePresence().data ?? [];
  if (people.length === 0) return null;
  const names = people.map((person) => `${person.name} ${person.last_name}`.trim());
  const label = translate("slotdesk.live.here", { smart_count: people.length, names: names.join(", ") });
  return (
    <Tooltip title={label}>
      <AvatarGroup
        max={4}
        role="group"
        aria-label={label}
        data-testid="presence"
        sx={{ "& .MuiAvatar-root": { width: 28, height: 28, fontSize: 12 } }}
      >
        {people.map((person) => (
          <Avatar key={person.user_id} alt={`${person.name} ${person.last_name}`.trim()}>
            {initials(person.name, person.last_name)}
          </Avatar>
        ))}
      </AvatarGroup>
    </Tooltip>
  );
};
