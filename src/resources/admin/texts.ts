/** The admin panel lists' texts join the translate when this module loads (each list imports it). */
import { contactsTexts, outboxTexts, seasonsTexts, usersTexts } from "../../client/i18n/es-MX-admin";
import { addTexts } from "../../client/i18n/i18nProvider";

addTexts({ slotdesk: { users: usersTexts, contacts: contactsTexts, seasons: seasonsTexts, outbox: outboxTexts } });
