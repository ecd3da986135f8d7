import { esES } from "@mui/material/locale";
import { esES as pickersEsES } from "@mui/x-date-pickers/locales";
import { defaultTheme, type RaThemeOptions } from "react-admin";
import { publicTexts } from "../client/i18n/es-MX-public";

const autocompleteTexts = publicTexts.mui.autocomplete;

/**
 * A restrained theme for long working sessions on a 1366×768 laptop: deep blue primary, dense
 * controls, Spanish texts inside MUI components.
 */
export const theme: RaThemeOptions = {
  ...defaultTheme,
  palette: {
    mode: "light",
    primary: { main: "#163f7a", dark: "#0d2a55", light: "#4a6aa5", contrastText: "#ffffff" },
    secondary: { main: "#00796b" },
    background: { default: "#f4f6f9", paper: "#ffffff" },
  },
  shape: { borderRadius: 6 },
  typography: {
    fontFamily: '"Roboto", "Segoe UI", "Helvetica Neue", Arial, sans-serif',
    fontSize: 13,
    h6: { fontWeight: 500 },
  },
  sidebar: { width: 70, closedWidth: 70 },
  components: {
    ...defaultTheme.components,
    ...esES.components,
    ...pickersEsES.components,
    MuiButton: { defaultProps: { disableElevation: true } },
    MuiTooltip: { defaultProps: { arrow: true, enterDelay: 300 } },
    MuiMenuItem: { defaultProps: { dense: true } },
    // Every Autocomplete's buttons and messages in Spanish (a component may still pass its own).
    MuiAutocomplete: {
      defaultProps: {
        openText: autocompleteTexts.open,
        closeText: autocompleteTexts.close,
        clearText: autocompleteTexts.clear,
        noOptionsText: autocompleteTexts.no_options,
        loadingText: autocompleteTexts.loading,
      },
    },
  },
};
