/**
 * Bitácora (seed 002 §2 "Logbook screen"): the requests of a season, newest reference first, 50
 * rows a page, with a season selector, a refresh button and a quick search. Clicking a row opens
 * its part (a menu 'Parte N' first when it has several), where the commentary and tracing are
 * edited and its files handled; a write there reloads the list. 'Nueva solicitud' opens
 * the upload form of a request sent outside Slotdesk; the season's open offers of the coordinator
 * are listed above the table. Issue 37: the list shows one airport's entries, the top bar's by
 * default; with more than one airport to pick, an 'Aeropuerto' filter and column.
 */
import AddIcon from "@mui/icons-material/Add";
import { Alert, Box, Button, ListItemText, MenuItem, Typography } from "@mui/material";
import { lazy, Suspense, useState } from "react";
import {
  List,
  ReferenceInput,
  RefreshButton,
  SearchInput,
  SelectInput,
  TopToolbar,
  useListContext,
  useTranslate,
} from "react-admin";
import { useAirportChoice } from "../../client/airport/useAirport";
import { getStoredSeason } from "../../client/auth/session";
import { AdminPagination, DEFAULT_PAGE_SIZE, Menu, useRowMenu } from "../../client/ui/grid";
import { ResourceGrid } from "../../client/schema/ResourceGrid";
import { LOGBOOK_TYPE_KEYS, type LogbookRow } from "./data";
import { LogbookPartDialog } from "./LogbookPartDialog";
import { OpenOffers } from "./LogbookOffers";
import "../../client/i18n/logbookTexts";

/** The new request is a generated form (@rjsf/mui): it loads when opened, not with the list. */
const LogbookRequestForm = lazy(() => import("./LogbookRequestForm").then((module) => ({ default: module.LogbookRequestForm })));

/** The airport the list shows: its filter's, else the top bar's. */
const useListAirport = (chosen: string): string => {
  const { filterValues } = useListContext();
  return typeof filterValues.airport === "string" && filterValues.airport !== "" ? filterValues.airport : chosen;
};

/** The season selector, offering the seasons of the airport the list shows. */
const SeasonFilter = ({ chosen }: { chosen: string; alwaysOn?: boolean; source?: string }) => {
  const airport = useListAirport(chosen);
  return (
    <ReferenceInput source="season_id" reference="seasons" sort={{ field: "start_date", order: "DESC" }} perPage={100} filter={{ airport }}>
      <SelectInput optionText="name" label="slotdesk.logbook.season" emptyText="---" sx={{ minWidth: 140 }} />
    </ReferenceInput>
  );
};

/** 'Nueva solicitud': the upload form for the season and airport the list shows. */
const NewRequestButton = ({ chosen, onOpen }: { chosen: string; onOpen: (creating: { seasonId: number; airport: string }) => void }) => {
  const translate = useTranslate();
  const { filterValues } = useListContext();
  const airport = useListAirport(chosen);
  const season = Number(filterValues.season_id);
  const valid = Number.isInteger(season) && season > 0;
  return (
    <Button startIcon={<AddIcon />} disabled={!valid} onClick={() => valid && onOpen({ seasonId: season, airport })}>
      {translate("slotdesk.logbook.new_request")}
    </Button>
  );
};


const LogbookView = () => {
  const translate = useTranslate();
  const menu = useRowMenu<LogbookRow>();
  const [open, setOpen] = useState<{ partId: number } | null>(null);
  const [creating, setCreating] = useState<{ seasonId: number; airport: string } | null>(null);
  const { airport, pickable, settled } = useAirportChoice();
  // One airport to pick (a MEX-only team): no airport filter nor column, as before issue 37.
  const several = pickable.length > 1;
  // The season kept at sign-in (seed 002 §3: the current season is kept locally as 'season').
  const [season] = useState(getStoredSeason);
  const selected = menu.record;
  // The column says whether the reference has the file; it is downloaded from the part's viewer.
  const fileText = (present: boolean) => translate(present ? "slotdesk.logbook.file_present" : "slotdesk.logbook.file_absent");

  const filters = [
    ...(several
      ? [
          <SelectInput
            key="airport"
            source="airport"
            label="slotdesk.logbook.airport"
            choices={pickable.map((item) => ({ id: item.code, name: `${item.code} · ${item.name}` }))}
            alwaysOn
            sx={{ minWidth: 160 }}
          />,
        ]
      : []),
    <SeasonFilter key="season_id" source="season_id" chosen={airport.code} alwaysOn />,
    <SearchInput key="q" source="q" alwaysOn placeholder={translate("slotdesk.logbook.search")} />,
  ];

  return (
    <Box {...menu.captureProps}>
      <Typography variant="h5" component="h1" sx={{ mb: 1 }}>
        {translate("slotdesk.views.logbook")}
      </Typography>
      {season === null ? (
        <Alert severity="warning" sx={{ mb: 1 }}>
          {translate("slotdesk.logbook.no_season")}
        </Alert>
      ) : null}
      {/* The list mounts once the chosen airport is known: its default filter is read once. */}
      {settled ? (
        <List
          resource="logbook"
          title={false}
          disableSyncWithLocation
          storeKey={false}
          perPage={DEFAULT_PAGE_SIZE}
          sort={{ field: "reference", order: "DESC" }}
          filters={filters}
          filterDefaultValues={season ? { season_id: season.id, airport: airport.code } : { airport: airport.code }}
          pagination={<AdminPagination />}
          empty={false}
          queryOptions={{ gcTime: 0 }}
          actions={
            <TopToolbar>
              <NewRequestButton chosen={airport.code} onOpen={setCreating} />
              <RefreshButton label="slotdesk.logbook.refresh" />
            </TopToolbar>
          }
        >
          <OpenOffers onOpen={(partId) => setOpen({ partId })} />
          {/* Seed 002 §2's columns, in its order (the record schema's). The four file columns say whether the file exists. */}
          <ResourceGrid
            resource="logbook"
            emptyKey="slotdesk.logbook.empty"
            emptyText="---"
            onRow={(row) => {
              const [only] = row.parts;
              if (row.parts.length === 1 && only !== undefined) setOpen({ partId: only });
              else if (row.parts.length > 1) menu.open(row);
            }}
            cells={{
              type: {
                render: (row) => (
                  <>
                    {translate(LOGBOOK_TYPE_KEYS[row.type])}
                    {row.delay_code ? (
                      <Typography component="div" variant="caption" color="text.secondary">
                        {translate("slotdesk.logbook.delay_code", { code: row.delay_code })}
                      </Typography>
                  ) : null}
                </>
              ),
            },
            parts: { render: (row) => row.parts.length },
            reference: { render: (row) => row.reference },
            is_request_text: { render: (row) => fileText(row.is_request_text), sortBy: false },
            is_response_text: { render: (row) => fileText(row.is_response_text), sortBy: false },
            is_request_pdf: { render: (row) => fileText(row.is_request_pdf), sortBy: false },
            is_response_pdf: { render: (row) => fileText(row.is_response_pdf), sortBy: false },
            airport: { hidden: !several },
          }}
        />
      </List>
      ) : null}

      <Menu {...menu.menuProps(translate("slotdesk.logbook.parts_menu", { reference: selected?.reference ?? "" }))}>
        {(selected?.parts ?? []).map((partId, index) => (
          <MenuItem
            key={partId}
            onClick={() => {
              setOpen({ partId });
              menu.close();
            }}
          >
            <ListItemText>{translate("slotdesk.logbook.part", { part: index + 1 })}</ListItemText>
          </MenuItem>
        ))}
      </Menu>

      {open ? (
        <LogbookPartDialog
          partId={open.partId}
          onClose={() => setOpen(null)}
        />
      ) : null}

      {creating !== null ? (
        <Suspense fallback={null}>
          <LogbookRequestForm
            seasonId={creating.seasonId}
            airport={creating.airport}
            onClose={() => setCreating(null)}
            // The save invalidated the list: it reads the new request.
            onSaved={() => setCreating(null)}
          />
        </Suspense>
      ) : null}
    </Box>
  );
};

export default LogbookView;
