/**
 * The texts the pages outside the shell need (sign-in, the e-mailed links' page, the forgotten
 * password dialog, the resolution notice, the API client's generic error), under `slotdesk.*`
 * like the rest. They load with the sign-in page, before the shell and the full catalog
 * (es-MX.ts, which includes them); keep this file to what those pages show.
 */
export const publicTexts = {
  app: {
    name: "Slotdesk",
    /** Document title of every page: '{page} - {product}' (seed 000 §1). */
    page_title: "%{page} - Slotdesk",
    resolution: "Resolución no recomendada, por favor ingresa desde un dispositivo más grande",
    unexpected_error: "Ocurrió un error inesperado al mostrar esta sección.",
    retry: "Reintentar",
    /** While the shell loads after signing in. */
    loading: "Cargando",
  },
  /** The user's own account: name and password dialogs, the e-mailed set-password link, forgotten password. */
  account: {
    name: "Nombre",
    last_name: "Apellido",
    name_required: "El nombre completo es obligatorio",
    name_updated: "Nombre actualizado con éxito",
    name_failed: "Ha ocurrido un error, intenta de nuevo más tarde",
    saving: "Guardando…",
    current_password: "Contraseña actual",
    new_password: "Nueva contraseña",
    new_password_confirmation: "Confirmar nueva contraseña",
    current_password_required: "Ingrese su contraseña actual",
    new_password_required: "Ingrese la nueva contraseña",
    confirmation_required: "Confirme la nueva contraseña",
    password_too_short: "La nueva contraseña debe tener al menos 12 caracteres",
    password_mismatch: "La confirmación no coincide con la nueva contraseña.",
    password_changed: "Contraseña actualizada con éxito. Se cerraron sus otras sesiones.",
    set_password_title: "Elegir contraseña",
    checking_link: "Revisando el enlace…",
    missing_token: "El enlace no es válido: le falta el código. Ábralo de nuevo desde el correo que recibió.",
    invitation_title: "Bienvenido a Slotdesk",
    invitation_intro: "Termine su registro eligiendo una contraseña.",
    reset_title: "Restablecer contraseña",
    reset_intro: "Elija una nueva contraseña para su cuenta.",
    email: "Correo electrónico",
    password: "Contraseña",
    password_confirmation: "Confirmar contraseña",
    save_password: "Guardar contraseña",
    go_to_login: "Ir a iniciar sesión",
    password_saved: "Contraseña guardada. Ya puede iniciar sesión.",
    forgot_link: "¿Olvidó su contraseña?",
    forgot_title: "Recuperar contraseña",
    forgot_intro: "Escriba su correo electrónico y le enviaremos un enlace para elegir una nueva contraseña.",
    email_required: "Ingrese su correo electrónico",
    send_link: "Enviar enlace",
    /** The account dialogs' own buttons (they also show on the login page, before react-admin's texts load). */
    close: "Cerrar",
    cancel: "Cancelar",
    sending: "Enviando…",
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
  errors: {
    generic: "Ha ocurrido un error, inténtalo de nuevo más tarde",
    bad_id: "Identificador no válido: %{id}",
    resource_unavailable: "Recurso no disponible: %{resource}",
    season_not_found: "No se encontró la temporada %{id}",
    record_not_found: "No se encontró el registro %{id}; quizá otra persona lo eliminó.",
    filter_unavailable: "Filtro no disponible: %{filter}",
  },
  /**
   * The texts inside MUI components, set once in the theme (src/app/theme.ts) that both apps
   * share. MUI's own esES calls an autocomplete's open button 'Abierto'; it opens: 'Abrir'.
   */
  mui: {
    autocomplete: {
      open: "Abrir",
      close: "Cerrar",
      clear: "Limpiar",
      no_options: "Sin opciones",
      loading: "Cargando…",
    },
  },
};

/** The catalog of the public pages: `slotdesk.*` keys only (react-admin's `ra.*` texts load with the shell). */
export const esMXPublic = { slotdesk: publicTexts };
