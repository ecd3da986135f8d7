/**
 * The settings dialogs' texts (season start, coordinator's e-mail, airline) join the translate when
 * this module loads: every module that shows them imports it, so the shell's top bar does not carry them.
 */
import { addTexts } from "./i18nProvider";
import { seasonUploadTexts, settingsDialogTexts } from "./es-MX-settings";

addTexts({ slotdesk: { settings: settingsDialogTexts, season_upload: seasonUploadTexts } });
