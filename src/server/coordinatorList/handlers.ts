/**
 * The coordinator's list against the register (issue 23 item 3): compare a SIR, SAL or SHL with
 * the season's slots (writes nothing), apply the chosen differences, download the comparison.
 * Roles: the `coordinatorList` capability (Admin, Slot), enforced from the contract's x-roles.
 */
import type { Handler } from "../contract/routes";
import { XLSX_CONTENT_TYPE } from "../formats/xlsx";
import { storedAirline } from "../settings/airline";
import { assertAirportAccess } from "../airports/access";
import { applyDifferences } from "./apply";
import { comparisonJson, compareWithRegister, listFileName, readList } from "./compare";
import { comparisonFileName, comparisonWorkbook } from "./xlsx";

export const compareCoordinatorList: Handler<"compareCoordinatorList"> = async ({ body, user, services }) => {
  const read = await readList(services.db, { fileName: listFileName(body.file_name), content: body.content, season: body.season });
  await assertAirportAccess(services, user, read.season.airport);
  return { status: 200, json: await comparisonJson(services.db, read, await storedAirline(services.db)) };
};

export const applyCoordinatorListDifferences: Handler<"applyCoordinatorListDifferences"> = async ({ body, user, services }) => {
  const read = await readList(services.db, { fileName: listFileName(body.file_name), content: body.content, season: body.season });
  await assertAirportAccess(services, user, read.season.airport);
  const airline = await storedAirline(services.db);
  const counts = await applyDifferences(services, user, read, airline, body.keys, body.include_past ?? false);
  const { comparison } = await compareWithRegister(services.db, read, airline);
  return {
    status: 200,
    body: {
      applied: counts.applied,
      slots_created: counts.created,
      slots_changed: counts.changed,
      slots_cancelled: counts.cancelled,
      rematched_dates: counts.dates,
      past_dates_left: counts.pastLeft,
      source: read.source,
      comparison,
    },
  };
};

export const downloadCoordinatorListComparison: Handler<"downloadCoordinatorListComparison"> = async ({ body, reply, user, services }) => {
  const read = await readList(services.db, { fileName: listFileName(body.file_name), content: body.content, season: body.season });
  await assertAirportAccess(services, user, read.season.airport);
  const { comparison } = await compareWithRegister(services.db, read, await storedAirline(services.db));
  const name = comparisonFileName(comparison);
  reply
    .type(XLSX_CONTENT_TYPE)
    // The plain filename keeps ASCII only (the header is Latin-1); filename* carries the accent.
    .header("Content-Disposition", `attachment; filename="${name.normalize("NFD").replace(/[^\x20-\x7e]/g, "")}"; filename*=UTF-8''${encodeURIComponent(name)}`);
  return { status: 200, body: await comparisonWorkbook(comparison) };
};
