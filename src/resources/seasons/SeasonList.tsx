/** Temporadas tab: the IATA seasons; add one or correct one (dates follow from the code). */
import { useState } from "react";
import {
  FunctionField,
  type RaRecord,
  TextField,
  useCreate,
  useDataProvider,
  useNotify,
  useRefresh,
  useTranslate,
  useUpdate,
} from "react-admin";
import { formatDate } from "../../domain/dateRange";
import { isSeasonCode, seasonBounds } from "../../domain/seasons";
import { FORM_SCHEMAS } from "../../generated/forms";
import { DateWidget } from "../../client/forms/DateWidget";
import { AdminGrid, AdminList } from "../../client/ui/grid";
import { type FormValues, SchemaFormDialog } from "../../client/forms/SchemaFormDialog";
import type { Season } from "./data";
import "../../client/i18n/adminTexts";

const isSeason = (record: RaRecord): record is Season =>
  typeof record.name === "string" && typeof record.start_date === "string" && typeof record.end_date === "string";

/** Typing a valid code fills in its IATA dates. */
const withIataDates = (values: FormValues): FormValues => {
  const name = typeof values.name === "string" ? values.name.trim().toUpperCase() : "";
  if (!isSeasonCode(name)) return values;
  const bounds = seasonBounds(name);
  return { ...values, name, start_date: bounds.start_date, end_date: bounds.end_date };
};

export const SeasonList = () => {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const [create] = useCreate();
  const [update] = useUpdate();
  const dataProvider = useDataProvider();
  const [form, setForm] = useState<{ season: Season | null } | null>(null);
  const editing = form?.season ?? null;

  return (
    <>
      <AdminList
        resource="seasons"
        sort={{ field: "start_date", order: "DESC" }}
        add={{ labelKey: "slotdesk.seasons.add", onClick: () => setForm({ season: null }) }}
      >
        <AdminGrid isRecord={isSeason} onRow={(season) => setForm({ season })}>
          <TextField source="name" label="slotdesk.seasons.fields.name" />
          {/* dd/mm/aaaa, zero-padded (es-MX's toLocaleDateString would write 1/11/2026). */}
          <FunctionField<Season> source="start_date" label="slotdesk.seasons.fields.start_date" render={(season) => formatDate(season.start_date)} />
          <FunctionField<Season> source="end_date" label="slotdesk.seasons.fields.end_date" render={(season) => formatDate(season.end_date)} />
        </AdminGrid>
      </AdminList>
      {form ? (
        <SchemaFormDialog
          open
          title={translate(editing ? "slotdesk.seasons.edit_title" : "slotdesk.seasons.add_title")}
          schema={FORM_SCHEMAS.SeasonWrite}
          uiSchema={{
            "ui:order": ["name", "start_date", "end_date"],
            name: { "ui:placeholder": "W27" },
            start_date: { "ui:widget": DateWidget },
            end_date: { "ui:widget": DateWidget },
          }}
          labels={{
            name: translate("slotdesk.seasons.fields.name"),
            start_date: translate("slotdesk.seasons.fields.start_date"),
            end_date: translate("slotdesk.seasons.fields.end_date"),
          }}
          intro={translate("slotdesk.seasons.iata_hint")}
          initialValues={editing ? { name: editing.name, start_date: editing.start_date, end_date: editing.end_date } : {}}
          onValuesChange={withIataDates}
          onSubmit={async (values: FormValues) => {
            if (editing) {
              await update("seasons", { id: editing.id, data: values, previousData: editing }, { returnPromise: true, mutationMode: "pessimistic" });
            } else {
              await create("seasons", { data: values }, { returnPromise: true });
            }
            setForm(null);
            notify(editing ? "slotdesk.admin.updated" : "slotdesk.admin.saved", { type: "success" });
            refresh();
          }}
          onReload={
            editing
              ? async () => {
                  // The season as it is now becomes the base of the next save.
                  const { data } = await dataProvider.getOne<Season>("seasons", { id: editing.id });
                  setForm({ season: data });
                  return { name: data.name, start_date: data.start_date, end_date: data.end_date };
                }
              : undefined
          }
          onClose={() => setForm(null)}
        />
      ) : null}
    </>
  );
};
