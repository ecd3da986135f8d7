/**
 * Texts of the forms, lists and dialogs that several lazy rooms share (the generated forms, the
 * admin-style lists, the conflict of two editors): none of them shows in the shell's first paint,
 * so they join the translate when a module that shows them loads (src/client/i18n/formsTexts.ts).
 */

/** Messages of the generated forms (@rjsf/mui), by JSON-schema keyword. */
export const formTexts = {
  required: "Este campo es obligatorio",
  max_length: "Este campo admite como máximo %{limit} caracteres",
  /** A file (a data URL) over the contract's `maxLength`, by the size it may have ("5 MB"). */
  file_too_large: "El archivo supera el límite de %{size}.",
  email: "Ingrese un correo electrónico válido",
  date: "Ingrese una fecha con formato aaaa-mm-dd",
  season_code: "Use el código IATA de la temporada: S o W y dos dígitos del año (p. ej. W26)",
  invalid: "El valor de este campo es inválido",
  /** Issue 25: another person saved first (409, 'Recargar' is the conflict alert's); the form keeps what this one typed. */
  reloaded: "Se cargaron los datos actuales. Lo que usted escribió no se guardó y sigue aquí:",
  restore: "Volver a lo que escribí",
  reload_failed: "No se pudieron cargar los datos actuales: %{message}",
  empty_value: "(vacío)",
  yes: "Sí",
  no: "No",
  minimum: "El valor mínimo es %{limit}",
  maximum: "El valor máximo es %{limit}",
  /** A value nobody set, in a list or a detail. */
  no_value: "—",
};

/** Panel de administrador (seed 000 §2.2, §4.5, §8). Quoted texts are the seed's. */
export const adminCommonTexts = {
  tabs: "Secciones del panel de administrador",
  tab_users: "Usuarios",
  tab_contacts: "Directorio",
  tab_seasons: "Temporadas",
  tab_airports: "Aeropuertos",
  tab_audit: "Auditoría",
  tab_outbox: "Correos",
  search: "Buscar",
  empty: "No hay información",
  empty_contacts: "No hay información para mostrar",
  no_results: "No se encontraron resultados",
  updated: "Información actualizada",
  mail_sent: "Correo enviado",
  saved: "Información guardada con éxito",
  cancel: "Cancelar",
  save: "Guardar",
  confirm: "Confirmar",
  row_actions: "Acciones de %{name}",
};

/** A write refused because someone else changed the resource first (issue 25). */
export const versionConflictTexts = {
  title: "Otra persona cambió esto mientras usted lo editaba",
  reload: "Recargar",
  kept: "Lo que usted escribió sigue en el formulario: revíselo frente a lo guardado y vuelva a guardar.",
};
