/** The admin panel lists' texts join the translate when this module loads (each list imports it). */
import { airportsTexts, contactsTexts, outboxTexts, seasonsTexts, usersTexts } from "./es-MX-admin";
import { addTexts } from "./i18nProvider";

addTexts({ slotdesk: { airports: airportsTexts, users: usersTexts, contacts: contactsTexts, seasons: seasonsTexts, outbox: outboxTexts } });
