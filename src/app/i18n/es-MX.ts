import type { TranslationMessages } from "react-admin";
import { raMessagesEs } from "./ra-messages-es";

/**
 * Slotdesk's own texts. Quoted texts from the specification (seeds 000-002) are copied verbatim,
 * including their register and capitalisation; texts of our own use the formal "usted", like the
 * react-admin messages.
 */
const slotdesk = {
  app: {
    name: "Slotdesk",
    /** Document title of every page: '{page} - {product}' (seed 000 §1). */
    page_title: "%{page} - Slotdesk",
    resolution: "Resolución no recomendada, por favor ingresa desde un dispositivo más grande",
    unexpected_error: "Ocurrió un error inesperado al mostrar esta sección.",
    retry: "Reintentar",
  },
  views: {
    turnover: "Entrega de turno",
    timeline: "Dashboard",
    timeline_subtitle: "Vista AIMS",
    reports: "Reportes",
    admin: "Panel de administrador",
    history: "Histórico",
    logbook: "Bitácora",
    references_upload: "Carga de referencias",
    matches: "Matches",
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
    feature: "Próximamente: esta función todavía no está disponible en Slotdesk.",
    drafts: "Próximamente: el editor de borradores todavía no está disponible en Slotdesk.",
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
    kinds: "Tipos de borrador",
  },
  settings: {
    menu: "Configuración",
    season_start: "Inicio de Temp.",
    season_start_title: "Inicio de temporada",
  },
  user: {
    menu: "Menú de usuario",
    edit_name: "Editar nombre",
    change_password: "Cambiar contraseña",
    logout: "Cerrar sesión",
  },
  auth: {
    title: "Iniciar sesión",
    email: "Correo electrónico",
    password: "Contraseña",
    submit: "Iniciar sesión",
    submitting: "Iniciando sesión…",
    expired: "SU SESIÓN HA CADUCADO, POR FAVOR INICIE SESIÓN DE NUEVO",
    required_email: "Ingrese su correo electrónico",
    required_password: "Ingrese su contraseña",
  },
  /** Top-bar date range. The preset labels are quoted verbatim from the specification. */
  range: {
    group: "Rango de fechas",
    preset: "Periodo",
    previous_day: "Día anterior",
    next_day: "Día siguiente",
    start: "Desde",
    end: "Hasta",
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
  errors: {
    generic: "Ha ocurrido un error, inténtalo de nuevo más tarde",
    resource_unavailable: "Recurso no disponible: %{resource}",
    season_not_found: "No se encontró la temporada %{id}",
    filter_unavailable: "Filtro no disponible: %{filter}",
  },
};

/** The one catalog of user-facing texts: react-admin's messages plus Slotdesk's own `slotdesk.*`. */
export const esMX: TranslationMessages = {
  ...raMessagesEs,
  slotdesk,
};
