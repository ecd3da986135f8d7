/**
 * The admin panel's lists (`slotdesk.users.*`, `slotdesk.contacts.*`, `slotdesk.seasons.*`,
 * `slotdesk.outbox.*`), kept out of the shell's catalog: added when they load (resources/admin/texts.ts).
 */
export const usersTexts = {
  add: "Agregar usuario",
  add_title: "Agregar usuario",
  edit_title: "Editar usuario",
  fields: {
    avatar: "Avatar",
    name: "Nombre",
    last_name: "Apellido",
    email: "Correo electrónico",
    role: "Rol",
    last_login: "Último acceso",
    airports: "Aeropuertos permitidos",
    default_airport: "Aeropuerto predeterminado",
  },
  every_airport: "Todos los aeropuertos",
  airports_hint: "Sin aeropuertos elegidos, el usuario ve y cambia todos. Elija algunos para limitarlo a ellos (el equipo de una estación).",
  no_default_airport: "El de la instalación (MEX)",
  never_logged_in: "---",
  pending: "Este usuario no ha concluido su registro",
  blocked: "Bloqueado",
  role_loading: "Cargando...",
  role_empty: "No se encontró información",
  role_of: "Rol de %{name}",
  invite_hint: "Se enviará un correo con un enlace para crear su contraseña (válido 48 horas).",
  /** What became of the account e-mail, as the server answers it (issue 24 item 6). */
  mail_kept: {
    invitation:
      "Usuario %{email} registrado, pero la invitación no se envió: no hay un servidor de correo (SMTP) configurado y quedó en Panel de administrador → Correos como «Sin enviar».",
    reset:
      "El enlace para %{email} no se envió: no hay un servidor de correo (SMTP) configurado y quedó en Panel de administrador → Correos como «Sin enviar».",
  },
  actions: {
    reset: "Reestablecer",
    edit: "Editar",
    delete: "Eliminar",
    block: "Bloquear",
    unblock: "Desbloquear",
  },
  confirm: {
    reset_title: "Reestablecer contraseña",
    reset: "Se enviará a %{email} un enlace para crear una nueva contraseña. ¿Desea continuar?",
    reset_pending: "%{email} no ha concluido su registro: se le enviará una nueva invitación. ¿Desea continuar?",
    delete_title: "Eliminar usuario",
    delete: "El usuario %{email} será eliminado de manera permanente y se cerrarán sus sesiones. ¿Desea continuar?",
    block_title: "Bloquear usuario",
    block: "%{email} no podrá iniciar sesión y sus sesiones abiertas se cerrarán de inmediato. ¿Desea continuar?",
    unblock_title: "Desbloquear usuario",
    unblock: "%{email} podrá volver a iniciar sesión. ¿Desea continuar?",
  },
};

export const contactsTexts = {
  add: "Agregar contacto",
  add_title: "Agregar contacto",
  edit_title: "Editar contacto",
  fields: {
    avatar: "Avatar",
    name: "Nombre",
    email: "Correo electrónico",
    notes: "Anotaciones",
  },
  actions: {
    edit: "Editar",
    delete: "Eliminar",
  },
  confirm: {
    delete_title: "Eliminar contacto",
    delete: "El contacto %{email} será eliminado de manera permanente. ¿Desea continuar?",
  },
};

export const seasonsTexts = {
  add: "Agregar temporada",
  add_title: "Agregar temporada",
  edit_title: "Corregir temporada",
  fields: {
    name: "Temporada",
    start_date: "Inicio",
    end_date: "Fin",
    usage_threshold: "Umbral de uso (%)",
    tolerance_minutes: "Tolerancia de puntualidad (± minutos)",
    outside_counts_as_used: "Una operación fuera de la tolerancia cuenta como usada",
    shl_deadline: "Fecha límite de la lista de históricos (SHL)",
    initial_submission_deadline: "Fecha límite de solicitud inicial (IDD)",
    series_return_deadline: "Fecha límite de devolución de series (SRD)",
    historics_baseline_date: "Fecha base de históricos (HBD)",
    rule: "Regla",
    calendar: "Calendario",
  },
  iata_hint: "Las fechas se calculan con la regla IATA a partir del código (S o W y dos dígitos del año).",
  /** Issue 27 item 1: the season's rule and the guidelines' calendar. */
  rule_hint:
    "La regla es la de la coordinación para esta temporada (AICM desde octubre de 2025: 80 %, ±15 min, fuera de tolerancia no cuenta). El calendario sigue las guías mundiales de slots (WASG); las fechas se proponen a partir del código y pueden corregirse.",
  rule_summary: "%{threshold} % · ±%{tolerance} min · %{outside}",
  outside_used: "fuera de tolerancia cuenta",
  outside_not_used: "fuera de tolerancia no cuenta",
  /** The calendar's dates, as a sentence names them. */
  calendar_names: {
    shl_deadline: "la fecha límite de la lista de históricos (SHL)",
    initial_submission_deadline: "la fecha límite de solicitud inicial",
    series_return_deadline: "la fecha límite de devolución de series",
    historics_baseline_date: "la fecha base de históricos",
  },
  calendar_next: "Falta %{smart_count} día para %{what} (%{date}) |||| Faltan %{smart_count} días para %{what} (%{date})",
  calendar_today: "Hoy es %{what} (%{date})",
  calendar_past: "Ya pasaron todas las fechas del calendario",
  calendar_title: "Calendario de la temporada",
  calendar_line_ahead: "%{label}: %{date} (falta %{smart_count} día) |||| %{label}: %{date} (faltan %{smart_count} días)",
  calendar_line_today: "%{label}: %{date} (hoy)",
  calendar_line_past: "%{label}: %{date} (pasó)",
};

/** Aeropuertos tab (issue 37 item 1): the airports, their zone, coordination and coordinator. */
export const airportsTexts = {
  add: "Agregar aeropuerto",
  add_title: "Agregar aeropuerto",
  edit_title: "Editar aeropuerto %{code}",
  intro:
    "Un aeropuerto activo es uno donde el equipo tiene slots: aparece en el selector de aeropuerto de la barra superior, y sus horarios locales siguen su zona horaria. Las solicitudes SCR se envían al correo de su coordinador.",
  code_fixed: "El código IATA no cambia: el registro nombra al aeropuerto por él.",
  empty: "No hay aeropuertos",
};

export const outboxTexts = {
  fields: {
    created_at: "Fecha",
    to: "Para",
    cc: "CC",
    subject: "Asunto",
    status: "Estado",
  },
  status: {
    sent: "Enviado",
    kept: "Sin enviar: no hay servidor de correo configurado",
  },
  attachments: "Adjuntos",
  close: "Cerrar",
};
