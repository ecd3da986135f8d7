import type { TranslationMessages } from "react-admin";
import { esMX } from "./es-MX";
import { contactsTexts, outboxTexts, seasonsTexts, usersTexts } from "./es-MX-admin";
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

/**
 * Every text of the app: the shell's catalog plus the lazy views' own. The browser never loads it
 * whole (each view adds its texts when it loads); the tests check keys and plural forms against it.
 */
export const esMXComplete: TranslationMessages = {
  ...esMX,
  slotdesk: {
    ...(typeof esMX.slotdesk === "object" ? esMX.slotdesk : {}),
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
    outbox: outboxTexts,
    reading: readingTexts,
    justifications: justificationsTexts,
  },
};
