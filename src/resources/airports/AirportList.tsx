/**
 * Aeropuertos tab (issue 37 item 1): every airport the airline flies to, with its IANA zone,
 * coordination level, coordinator and whether the team holds slots there. The list and the forms
 * are the contract's (AirportDetail, AirportWrite, AirportUpdate); an edit is made from the
 * version read, and a stale one is refused naming who changed the airport.
 */
import { Box, Typography } from "@mui/material";
import { useTranslate } from "react-admin";
import { AdminList } from "../../client/ui/grid";
import { ResourceGrid } from "../../client/schema/ResourceGrid";
import { SchemaFormDialog } from "../../client/forms/SchemaFormDialog";
import { useRecordFormDialog } from "../../client/forms/useRecordFormDialog";
import type { AirportDetail } from "./data";
import "../../client/i18n/adminTexts";
import "../../client/i18n/formsTexts";

/** A new airport is added to be held (active), coordinated; its zone is typed over the install's. */
const NEW_AIRPORT = { time_zone: "America/Mexico_City", coordination_level: 3, active: true };

export const AirportList = () => {
  const translate = useTranslate();
  const form = useRecordFormDialog<AirportDetail>("airports", NEW_AIRPORT);
  const editing = form.editing;
  return (
    <>
      <AdminList resource="airports" sort={{ field: "code", order: "ASC" }} add={{ labelKey: "slotdesk.airports.add", onClick: form.add }}>
        <ResourceGrid resource="airports" onRow={form.edit} emptyKey="slotdesk.airports.empty" />
      </AdminList>
      {form.isOpen ? (
        <SchemaFormDialog
          {...form.dialogProps}
          title={editing ? translate("slotdesk.airports.edit_title", { code: editing.code }) : translate("slotdesk.airports.add_title")}
          uiSchema={{
            code: { "ui:placeholder": "JFK" },
            time_zone: { "ui:placeholder": "America/New_York" },
            coordinator_email: { "ui:options": { inputType: "email" } },
          }}
          intro={
            <Box>
              <Typography variant="body2">{translate("slotdesk.airports.intro")}</Typography>
              {editing ? (
                <Typography variant="body2" sx={{ mt: 1 }}>
                  {translate("slotdesk.airports.code_fixed")}
                </Typography>
              ) : null}
            </Box>
          }
        />
      ) : null}
    </>
  );
};
