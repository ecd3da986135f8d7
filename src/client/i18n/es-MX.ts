import type { TranslationMessages } from "react-admin";
import { publicTexts } from "./es-MX-public";
import { generalStatusLabels, turnoverColumns } from "../../domain/turnover/columnTexts";
import { raMessagesEs } from "./ra-messages-es";

/**
 * Slotdesk's own texts. Quoted texts from the specification (seeds 000-002) are copied verbatim,
 * including their register and capitalisation; texts of our own use the formal "usted", like the
 * react-admin messages.
 */
const slotdesk = {
  /** The texts of the pages outside the shell (and a few the shell shares): see es-MX-public.ts. */
  ...publicTexts,
  views: {
    turnover: "Entrega de turno",
    timeline: "Dashboard",
    timeline_subtitle: "Vista AIMS",
    reports: "Reportes",
    admin: "Panel de administrador",
    history: "Histórico",
    monitoring: "Monitoreo",
    logbook: "Bitácora",
    references_upload: "Carga de referencias",
    loads: "Cargas de datos",
    matches: "Matches",
  },
  /** Live updates and who is here (issue 25 items 2 and 3). */
  live: {
    here: "Conectado ahora: %{names} |||| Conectados ahora (%{smart_count}): %{names}",
    also_viewing: "También lo ve: %{names}",
    changed: "Otro usuario cambió este match.",
    changed_by: "Otro usuario cambió este match: %{name}.",
    reload: "Recargar",
  },
  menu: {
    side: "Menú principal",
    view_switch: "Cambiar de vista",
    dashboard: "Dashboard",
    table: "Tabla",
    report: "Reporte",
  },
  coming_soon: {
    badge: "Próximamente",
    view: "Próximamente: esta vista todavía no está disponible en Slotdesk.",
  },
  access: {
    denied: "No tiene permiso para ver esta sección",
    denied_hint: "Si necesita acceso, solicítelo a un administrador.",
    go_home: "Ir a Entrega de turno",
  },
  drafts: {
    menu: "Borradores",
    new: "Altas",
    modify: "Modificaciones",
    cancel: "Cancelaciones",
    title_new: "Borrador de altas",
    title_modify: "Borrador de modificaciones",
    title_cancel: "Borrador de cancelaciones",
    header: {
      type_new: "Altas",
      type_modify: "Modificaciones",
      type_cancel: "Cancelaciones",
    },
  },
  settings: {
    menu: "Configuración",
    season_start: "Inicio de Temp.",
    airline: {
      button: "Aerolínea",
    },
    coordinator: "Correo del coordinador",
  },
  user: {
    menu: "Menú de usuario",
    edit_name: "Editar nombre",
    change_password: "Cambiar contraseña",
    logout: "Cerrar sesión",
  },
  /** Top-bar airport picker (issue 37 item 3): the airport the screens read. */
  airport: {
    label: "Aeropuerto",
    hint: "%{name} · hora local: %{zone}",
    save_failed: "No se pudo guardar el aeropuerto elegido: %{message}",
  },
  /** Top-bar date range. The preset labels are quoted verbatim from the specification. */
  range: {
    group: "Rango de fechas",
    preset: "Periodo",
    previous_day: "Día anterior",
    next_day: "Día siguiente",
    start: "Desde",
    end: "Hasta",
    /** The zone the range's days are days of (the LOCAL/UTC toggle of Entrega de turno). */
    zone_local: "Hora local",
    zone_utc: "UTC",
    zone_local_hint: "Los días del rango son días de la hora local del aeropuerto, %{zone} (00:00 a 24:00 hora local)",
    zone_utc_hint: "Los días del rango son días UTC (00:00 a 24:00 UTC)",
    /** One entry per RangePreset (src/domain/dateRange.ts), read as `slotdesk.range.presets.${preset}`. */
    presets: {
      last_week: "Semana P.",
      yesterday: "Ayer",
      today: "Hoy",
      this_week: "Esta semana",
      this_month: "Este mes",
      last_month: "Mes pasado",
      season: "Temporada",
      last_season: "Temp. Pasada",
      next_24h: "Próximas 24h",
      next_48h: "Próximas 48h",
      next_72h: "Próximas 72h",
      custom: "Personalizado",
    },
  },
  turnover: {
    refresh: "Actualizar",
    /** Grid footer: the whole range is one scrolling list, so it counts rows instead of pages. */
    row_count: "%{shown} de %{total} registro |||| %{shown} de %{total} registros",
    row_count_all: "%{total} registro |||| %{total} registros",
    selected_count: "%{count} seleccionado |||| %{count} seleccionados",
    /** Selected rows the quick search hides: they stay selected and the bulk actions include them. */
    hidden_by_search: "(%{count} oculto por la búsqueda) |||| (%{count} ocultos por la búsqueda)",
    last_update: "Actualizado: %{time}",
    not_updated: "Sin actualizar",
    search: "Buscar",
    time_zone: "Zona horaria",
    local: "Local",
    utc: "UTC",
    local_hint: "Horas locales del aeropuerto (%{zone})",
    /** Issue 37: whose local time LOCAL is, the chosen airport's IANA zone. */
    local_zone: "Local · %{zone}",
    utc_hint: "Horas UTC",
    download: "Descargar CSV",
    download_file_name: "Entrega de turno.csv",
    downloaded: "Archivo descargado exitosamente",
    download_failed: "Ha ocurrido un error al descargar el archivo",
    nomenclature: "Nomenclatura",
    empty: "No se encontraron resultados",
    yes: "Sí",
    no: "No",
    arrival: "L",
    departure: "S",
    /** Shared with the CSV download, whose headers are the table's (src/domain/turnover/columnTexts.ts). */
    columns: turnoverColumns,
    /** Narrower labels of the headers that do not fit at 1024 px; the full one is the tooltip. */
    columns_short: {
      season: "Temp.",
      flight_status: "Edo. vuelo",
      slot_status: "Edo. slot",
      scheduled_difference: "Dif. prog.",
      general_status: "Edo. general",
      has_codes: "Cód. demora",
    },
    /** The tooltip of a date or time column: "Hora slot (UTC)". */
    zoned_header: "%{column} (%{zone})",
    filter: {
      button: "Visualizar",
      active: "Filtro activo",
    },
    bulk: {
      menu: "Selección",
      hint: "Selecciona registros para habilitar la selección",
      mixed: "No puedes combinar vuelos con y sin slot",
      invalid: "Alguno de los registros no son validos para selección",
      role: "Su rol no permite agregar estos registros a un borrador",
      selected: "%{smart_count} registro seleccionado |||| %{smart_count} registros seleccionados",
      includes_hidden:
        "Incluye %{smart_count} registro seleccionado que la búsqueda oculta |||| Incluye %{smart_count} registros seleccionados que la búsqueda oculta",
      clear_selection: "Quitar la selección",
      add_to: "Agregar a %{draft}",
      clear: "Vaciar borrador de %{draft}",
      clear_confirm:
        "Se quitará la única solicitud del borrador de %{draft} y se perderá la información del editor de sus líneas. ¿Desea continuar? |||| Se quitarán las %{smart_count} solicitudes del borrador de %{draft} y se perderá la información del editor de sus líneas. ¿Desea continuar?",
      open: "Abrir borrador de %{draft}",
      added: "Slots agregados al borrador de %{draft}",
      partially_added:
        "Slots agregados al borrador de %{draft}: %{added} agregados; %{duplicates} ya estaban en el borrador y se omitieron",
      all_duplicates: "Los registros seleccionados ya están en el borrador de %{draft}; no se agregó ninguno",
      draft_empty: "El borrador de %{draft} está vacío",
      emptied: "Borrador de %{draft} vaciado",
      cutoff:
        "El slot %{slot} del día %{date} no puede agregarse a Modificaciones: ya pasó la fecha límite de 12 horas.",
      season: "El borrador está asignado a la temporada %{season}. El match %{match} del día %{date} no puede ser agregado.",
      in_other_draft:
        "%{smart_count} slot ya está en el borrador de %{other} y no se agregó: un slot no puede estar en Modificaciones y Cancelaciones a la vez |||| %{smart_count} slots ya están en el borrador de %{other} y no se agregaron: un slot no puede estar en Modificaciones y Cancelaciones a la vez",
      unusable:
        "%{smart_count} registro no tiene los datos necesarios para el borrador y no se agregó |||| %{smart_count} registros no tienen los datos necesarios para el borrador y no se agregaron",
    },
    real_dates: {
      edit: "Editar fechas reales de %{flight}",
    },
  },
  /**
   * Labels of the contract's status catalogues (seed 000 §4.6, seed 001 §4.1), one per enum value,
   * read as `slotdesk.statuses.<catalogue>.${code}`.
   */
  statuses: {
    general: generalStatusLabels,
    flight: {
      D: "Normal",
      X: "Sin slot",
      E: "Cambio de equipo",
      T: "Cambio de horario",
      C: "Cancelación",
      N: "Nuevo",
      R: "Regreso",
      SC: "SC (estado de AIMS)",
    },
    slot: {
      D: "Histórico",
      K: "Modificado",
      U: "Cambio rechazado",
      ADD: "Nuevo",
      CAN: "Cancelado",
      WIP: "En proceso",
      S: "Sobrante (SOBC)",
      C: "Sobrante cancelado",
    },
    difference: {
      null_diff: "Sin diferencia calculable",
      no_diff: "Sin diferencia (0 minutos)",
      mid_diff: "Menor a 15 minutos",
      high_diff: "Mayor a 15 minutos",
    },
  },
  /** Bitácora (seed 002 §2, §3): the requests of a season and each part's lines and message. */
};

/**
 * The shell's catalog: react-admin's messages plus Slotdesk's own `slotdesk.*`, but for the texts
 * of the lazy views that carry their own (Bitácora and Carga de referencias: es-MX-logbook.ts;
 * Reportes: es-MX-reports.ts; Histórico, Matches, the timeline, the SCR send view, Auditoría,
 * Cargas de datos and the admin panel's lists: their own
 * es-MX-*.ts) and for those of what opens only on a click (the drafts modal: es-MX-drafts.ts; the
 * settings dialogs: es-MX-settings.ts; the match viewer: es-MX-matchViewer.ts; Entrega de turno's
 * dialogs: es-MX-turnover.ts; forms, lists and edit conflicts: es-MX-forms.ts), added to the same
 * translate when their code loads (`addTexts`). The whole catalog is es-MX-complete.ts.
 */
export const esMX: TranslationMessages = {
  ...raMessagesEs,
  slotdesk,
};
