/**
 * Panel de administrador (seed 000 §2.2): the Usuarios and Directorio tabs of the seed, plus
 * Temporadas, Aeropuertos (issue 37), Motivos de justificación (issue 27), Auditoría, Correos and Envíos de reportes. Only the open tab is mounted and lists keep no cache, so
 * switching tabs clears the rows and reloads them.
 */
import { Box, Tab, Tabs, Typography } from "@mui/material";
import { useState } from "react";
import { useTranslate } from "react-admin";
import { AirportList } from "../airports";
import { AuditList } from "../audit";
import { ContactList } from "../contacts";
import { JustificationReasonList } from "../justificationReasons";
import { OutboxList } from "../outbox";
import { ReportRunsList } from "../reportRuns";
import { SeasonList } from "../seasons";
import { UserList } from "../users";
import "../../client/i18n/reportsTexts";
import "../../client/i18n/formsTexts";

const TABS = [
  { id: "users", labelKey: "slotdesk.admin.tab_users", View: UserList },
  { id: "contacts", labelKey: "slotdesk.admin.tab_contacts", View: ContactList },
  { id: "seasons", labelKey: "slotdesk.admin.tab_seasons", View: SeasonList },
  { id: "airports", labelKey: "slotdesk.admin.tab_airports", View: AirportList },
  { id: "justificationReasons", labelKey: "slotdesk.justifications.reasons.tab", View: JustificationReasonList },
  { id: "audit", labelKey: "slotdesk.admin.tab_audit", View: AuditList },
  { id: "outbox", labelKey: "slotdesk.admin.tab_outbox", View: OutboxList },
  { id: "reportRuns", labelKey: "slotdesk.reportsSend.runs.tab", View: ReportRunsList },
] as const;

const AdminPanel = () => {
  const translate = useTranslate();
  const [tab, setTab] = useState(0);
  const current = TABS[tab] ?? TABS[0];
  return (
    <Box>
      <Typography variant="h5" component="h1" sx={{ mb: 1 }}>
        {translate("slotdesk.views.admin")}
      </Typography>
      <Tabs value={tab} onChange={(_event, next: number) => setTab(next)} aria-label={translate("slotdesk.admin.tabs")}>
        {TABS.map((entry) => (
          <Tab key={entry.id} label={translate(entry.labelKey)} id={`admin-tab-${entry.id}`} aria-controls={`admin-panel-${entry.id}`} />
        ))}
      </Tabs>
      <Box role="tabpanel" id={`admin-panel-${current.id}`} aria-labelledby={`admin-tab-${current.id}`} sx={{ pt: 1 }}>
        <current.View key={current.id} />
      </Box>
    </Box>
  );
};

export default AdminPanel;
