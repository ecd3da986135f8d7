/**
 * The settings dialogs of the top bar ('Inicio de Temp.', 'Correo del coordinador', 'Aerolínea'):
 * `slotdesk.settings.*` but for the buttons' and the menu's names, which the shell shows (es-MX.ts).
 * The dialogs load when opened and add these then (src/client/i18n/settingsTexts.ts).
 */
export const settingsDialogTexts = {
  season_start_title: "Inicio de temporada",
  airline: {
    title: "Aerolínea",
    intro:
      "Los designadores de la aerolínea: el código IATA nombra los vuelos de las solicitudes y de las altas, y el código OACI los archivos de referencias y de la bitácora (%{example}). Los vuelos y slots con cualquiera de sus designadores son de la aerolínea.",
    iata: "Código IATA",
    iata_help: "Dos letras o dígitos, al menos una letra (p. ej. VB, 4O)",
    icao: "Código OACI",
    icao_help: "Tres letras (p. ej. VIV)",
    others: "Otros designadores",
    others_help: "Códigos con los que también opera (arrendamiento, otro AOC), separados por comas",
    invalid_iata: "El código IATA lleva dos letras o dígitos, al menos una letra",
    invalid_icao: "El código OACI lleva tres letras",
    invalid_others: "Designador no válido: %{codes}",
    save: "Guardar",
    saved: "Aerolínea actualizada",
    failed: "No se pudo guardar la aerolínea",
    load_failed: "No se pudo leer la configuración: %{message}",
  },
  coordinator_title: "Correo del coordinador de slots",
  coordinator_intro: "Las solicitudes SCR se envían a esta dirección, con copia a los contactos que se elijan en cada envío.",
  coordinator_email: "Correo electrónico",
  coordinator_invalid: "Ingrese un correo electrónico válido",
  coordinator_save: "Guardar",
  coordinator_saved: "Información actualizada",
  coordinator_failed: "Ha ocurrido un error al intentar actualizar",
  coordinator_load_failed: "No se pudo leer la configuración: %{message}",
};

/** The season start upload (seed 002 §2, §5, §7): the error titles and texts are the seed's. */
export const seasonUploadTexts = {
  intro: "Un archivo .xlsx con una fila por serie (horas UTC), o la lista SAL/SHL del coordinador.",
  airport: "Aeropuerto: %{name} (%{code})",
  template: "Descargar plantilla",
  template_file_name: "Plantilla inicio de temporada.xlsx",
  template_failed: "No se pudo descargar la plantilla, inténtalo de nuevo",
  choose_file: "Seleccionar archivo",
  no_file_chosen: "Ningún archivo seleccionado",
  min_date: "La fecha mínima es %{date}",
  same_dates: "Las fechas de inicio y fin deben ser distintas",
  submit: "Cargar",
  uploading: "Cargando…",
  wrong_type_title: "Tipo del archivo no válido",
  wrong_type_text: "Verifica que el tipo de archivo esté permitido e inténtalo de nuevo",
  no_file_title: "No se ha seleccionado ningún archivo",
  no_file_text: "Selecciona un archivo antes de intentar guardar la información",
  failed_title: "No se cargó la temporada",
  season_has_slots: "Ya hay Slots asignados a la temporada",
  wrong_format: "El archivo no cuenta con el formato adecuado",
  server_error: "El servidor respondió con un error: %{code}",
  success_title: "Temporada cargada",
  success_text:
    "%{season}: %{series} series, %{slots} slots (%{historic} históricos, %{new} nuevos).",
};
