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
  },
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
  },
  iata_hint: "Las fechas se calculan con la regla IATA a partir del código (S o W y dos dígitos del año).",
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
