/** The texts of the SCR send view (`slotdesk.send.*`), kept out of the shell's catalog: added when its view loads. */
export const sendTexts = {
  title: "Confirmar envío de solicitud",
  back: "Regresar al editor",
  header: {
    type: "Tipo",
    season: "Temporada",
    date: "Fecha",
    airport: "Aeropuerto",
    reference: "Referencia",
    kind: "Solicitud",
  },
  kinds: {
    new: "Altas",
    cancel: "Cancelaciones",
    modify: "Modificaciones",
  },
  letter_r: "Líneas R: se aceptan ofertas del coordinador",
  letter_l: "Líneas L: no se aceptan ofertas del coordinador",
  summary: "Resumen de la solicitud",
  lines_count: "%{smart_count} par de líneas |||| %{smart_count} pares de líneas",
  single_lines_count: "%{smart_count} línea |||| %{smart_count} líneas",
  no_lines: "El borrador no tiene líneas para enviar.",
  columns: {
    index: "#",
    change: "Línea actual (C)",
    request: "Línea solicitada",
    changes: "Cambios",
  },
  /** What a pair's request changes against the held slot (issue 11 item 10). */
  changes: {
    designator: "Designador",
    dates: "Fechas",
    frequency: "Frecuencia",
    equipment: "Equipo",
    time: "Hora",
    route: "Ruta",
    service_type: "Tipo de servicio",
    none: "Sin cambios",
    changed: "Cambia: %{fields}",
    unknown: "No se puede comparar",
    none_summary:
      "%{smart_count} par no cambia nada frente al slot (fila %{rows}): se pedirá el slot tal como está. |||| %{smart_count} pares no cambian nada frente al slot (filas %{rows}): se pedirán los slots tal como están.",
  },
  /** Before the send: where the e-mail goes, or why it will not get there (issue 11 item 9). */
  mail: {
    to: "Se enviará a %{email}",
    no_coordinator:
      "No hay un correo del coordinador configurado: el envío será rechazado. Un Admin o un usuario Slot debe indicarlo en el botón @ «Correo del coordinador» de la barra superior.",
    /** For the roles that may set it (Admin, Slot): the field is right below (issue 24 item 4). */
    no_coordinator_here:
      "No hay un correo del coordinador configurado: la solicitud no se puede enviar. Indíquelo aquí; se guarda como el del botón @ «Correo del coordinador» de la barra superior.",
    /** Issue 37: another airport's coordinator is an Admin's to set, in Aeropuertos. */
    no_coordinator_airport:
      "El aeropuerto %{airport} no tiene correo del coordinador: la solicitud no se puede enviar. Un Admin lo indica en Panel de administrador → Aeropuertos.",
    coordinator_label: "Correo del coordinador",
    coordinator_save: "Guardar correo",
    outbox:
      "No hay un servidor de correo (SMTP) configurado: la solicitud se registrará, pero el correo quedará en la bandeja de salida (Panel de administrador → Correos) y no llegará al coordinador.",
    failed: "No se pudo saber si el correo del coordinador está configurado: %{message}",
  },
  preview: {
    title: "Mensaje a enviar",
    hint: "Complete la S.I., la referencia y, en una cancelación, el código de demora para ver el mensaje exacto que se enviará.",
    loading: "Generando el mensaje…",
    failed: "No se pudo generar el mensaje: %{message}",
    part: "Parte %{part}",
  },
  form: {
    title: "Datos del envío",
    si: "S.I.",
    si_required: "La S.I. es obligatoria",
    gi: "G.I.",
    reference: "Referencia",
    reference_invalid: "La referencia debe ser un número del 1 al 999999",
    reference_checking: "Verificando la referencia…",
    reference_available: "Referencia disponible",
    reference_unchecked: "La referencia se verificará al salir del campo",
    reference_in_use: "Referencia en uso, prueba con %{next}",
    reference_check_failed: "No se pudo verificar la referencia, inténtelo de nuevo",
    cc: "Con copia para (cc)",
    cc_empty: "No hay contactos en el directorio",
    delay_code: "Código de demora",
    delay_code_required: "Elija el código de demora de la cancelación",
    confirm: "Confirmo que la información de la solicitud es correcta",
    submit: "Solicitar SCR",
    sending: "Enviando solicitud…",
  },
  reference_dialog: {
    title: "Referencia en existencia",
    body: "La referencia ingresada ha sido previamente ingresada en los registros. Por favor elija una referencia distinta.",
    use: "Usar la referencia %{next}",
    close: "Cerrar",
  },
  slots_dialog: {
    title: "Slots en proceso",
    name: "Slot",
    date: "Fecha (UTC)",
    time: "Hora (UTC)",
    close: "Cerrar",
  },
  /** Closing or leaving the send view with what the person typed (issue 24 item 3): the seed's question. */
  unsaved: {
    title: "Cambios sin guardar",
    text: "Escribió datos del envío (S.I., copias, confirmación) que no se guardan con el borrador. Si cierra se perderán.",
    close: "Cerrar sin guardar",
    keep: "Seguir editando",
  },
  success: "La solicitud ha sido enviada exitosamente",
  kept: "La solicitud quedó registrada con la referencia %{reference}, pero el correo quedó en la bandeja de salida: no hay un servidor de correo configurado.",
  errors: {
    slots_in_process: "No se puede enviar la solicitud, hay slots en proceso.",
    no_capacity: "No se puede enviar la solicitud, hay líneas sin capacidad de aeronave.",
    generic: "Ha ocurrido un error al enviar la solicitud",
    generic_detail: "Ha ocurrido un error al enviar la solicitud: %{message}",
    details: "Ver detalles...",
    next_reference: "No se pudo obtener la siguiente referencia disponible",
    contacts: "No se pudieron cargar los contactos",
    delay_codes: "No se pudieron cargar los códigos de demora",
  },
};
