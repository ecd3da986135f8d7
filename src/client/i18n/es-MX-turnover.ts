/**
 * The texts of Entrega de turno's dialogs and popovers ('Visualizar', 'Agregar a Altas', the real
 * dates editor, 'Nomenclatura'): each loads when opened and adds these then
 * (src/custom-views/turnover/texts.ts). The table's own texts, shown on first paint, stay in es-MX.ts.
 */
export const turnoverDialogTexts = {
  filter: {
    check_all: "Seleccionar todo",
    apply: "Aplicar",
    slot_status: "Estado de slot",
    difference: "Diferencias",
    flight_status: "Estado de vuelo",
    general_status: "Estado general",
    group_empty: "Elija al menos una opción de cada grupo",
  },
  bulk: {
    /** The optional time change when adding flights without slot to Altas (seed 001 §4.3). */
    new_time: {
      title: "Agregar a Altas",
      summary: "%{smart_count} vuelo sin slot se agregará al borrador de Altas. |||| %{smart_count} vuelos sin slot se agregarán al borrador de Altas.",
      change: "Solicitar otro horario",
      change_hint: "Sin cambio, cada alta se solicita a la hora programada de su vuelo.",
      time: "Hora (UTC)",
      empty: "Este campo no puede estar vacío",
      invalid: "El horario de operación debe ser una hora válida",
      not_multiple_of_5: "El horario de operación debe ser un múltiplo de 5",
      cancel: "Cancelar",
      confirm: "Añadir al borrador",
    },
  },
  real_dates: {
    title: "Fechas reales de %{flight}",
    departure: "Salida real",
    arrival: "Llegada real",
    zone_local: "Hora local de la Ciudad de México",
    zone_utc: "Hora UTC",
    save: "Guardar",
    cancel: "Cancelar",
    updated: "Fechas actualizadas correctamente",
    failed: "Ha ocurrido un error, intenta de nuevo más tarde",
    departure_after_arrival: "La salida real no puede ser posterior a la llegada real",
    saved_now: "Guardado ahora por otra persona: salida %{departure}, llegada %{arrival}. Sus fechas siguen abajo, sin guardar.",
    arrival_before_departure: "La llegada real no puede ser anterior a la salida real",
    required: "Ingrese fecha y hora",
  },
};

/** The legend of the turnover (seed 001 §2.5). */
export const nomenclatureTexts = {
  title: "Nomenclatura",
  slot_states: "Estados de slot",
  flight_states: "Estados de vuelo",
  general_states: "Estados generales",
  differences: "Diferencias",
  code: "Código",
  meaning: "Significado",
  close: "Cerrar",
};
