import type { StringMap, TranslationMessages } from "react-admin";
import { esMX } from "./es-MX";
import { airportsTexts, contactsTexts, outboxTexts, seasonsTexts, usersTexts } from "./es-MX-admin";
import { auditTexts } from "./es-MX-audit";
import { historyTexts } from "./es-MX-history";
import { matchesTexts } from "./es-MX-matches";
import { monitoringTexts } from "./es-MX-monitoring";
import { readingTexts } from "./es-MX-reading";
import { timelineTexts } from "./es-MX-timeline";
import { sendTexts } from "./es-MX-send";
import { logbookTexts, referencesTexts } from "./es-MX-logbook";
import { loadsTexts } from "./es-MX-loads";
import { coordinatorListTexts } from "./es-MX-coordinatorList";
import { reportsSendTexts, reportTexts } from "./es-MX-reports";
import { justificationsTexts } from "./es-MX-justifications";
import { draftsModalTexts } from "./es-MX-drafts";
import { seasonUploadTexts, settingsDialogTexts } from "./es-MX-settings";
import { adminCommonTexts, formTexts, versionConflictTexts } from "./es-MX-forms";
import { matchViewerTexts } from "./es-MX-matchViewer";
import { nomenclatureTexts, turnoverDialogTexts } from "./es-MX-turnover";

/**
 * `base` with `more`'s texts added, subtree by subtree (a lazy catalog may add keys beside the
 * shell's under the same branch, as `slotdesk.drafts`). A text both define is a mistake: it throws.
 */
const merged = (base: StringMap, more: StringMap, path = ""): StringMap => {
  const out: StringMap = { ...base };
  for (const [key, value] of Object.entries(more)) {
    const current = out[key];
    if (current === undefined) out[key] = value;
    else if (typeof current === "object" && typeof value === "object") out[key] = merged(current, value, `${path}${key}.`);
    else throw new Error(`Two catalogs define ${path}${key}`);
  }
  return out;
};

/**
 * Every text of the app: the shell's catalog plus the lazy views' own. The browser never loads it
 * whole (each view adds its texts when it loads); the tests check keys and plural forms against it.
 */
export const esMXComplete: TranslationMessages = {
  ...esMX,
  slotdesk: merged(typeof esMX.slotdesk === "object" ? esMX.slotdesk : {}, {
    logbook: logbookTexts,
    references: referencesTexts,
    coordinatorList: coordinatorListTexts,
    loads: loadsTexts,
    reports: reportTexts,
    reportsSend: reportsSendTexts,
    history: historyTexts,
    monitoring: monitoringTexts,
    matches: matchesTexts,
    timeline: timelineTexts,
    send: sendTexts,
    audit: auditTexts,
    users: usersTexts,
    contacts: contactsTexts,
    seasons: seasonsTexts,
    airports: airportsTexts,
    outbox: outboxTexts,
    reading: readingTexts,
    justifications: justificationsTexts,
    drafts: draftsModalTexts,
    settings: settingsDialogTexts,
    season_upload: seasonUploadTexts,
    forms: formTexts,
    admin: adminCommonTexts,
    version_conflict: versionConflictTexts,
    match_viewer: matchViewerTexts,
    turnover: turnoverDialogTexts,
    nomenclature: nomenclatureTexts,
  }),
};
