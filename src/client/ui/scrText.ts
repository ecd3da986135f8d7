/** SCR lines and messages: fixed width, so the 48 columns of a line stand under each other. */
export const SCR_FONT = "ui-monospace, SFMono-Regular, 'Roboto Mono', Menlo, Consolas, monospace";
/** `sx` for SCR text shown as is (spaces kept). */
export const SCR_TEXT = { fontFamily: SCR_FONT, whiteSpace: "pre" } as const;
