/**
 * The texts of the coordinator's list in Carga de referencias (`slotdesk.coordinatorList.*`), kept
 * out of the shell's catalog: added when the panel loads. The kinds' and columns' names are the
 * domain's (src/domain/coordinatorList/columnTexts.ts), which the downloaded workbook repeats.
 */
import { differenceColumns, directionLabels, kindEffects, kindLabels } from "../../domain/coordinatorList/columnTexts";

export const coordinatorListTexts = {
  tabs: {
    references: "Solicitud y respuesta",
    list: "Lista del coordinador (SIR, SAL, SHL)",
  },
  intro:
    "Cargue la lista SIR, SAL o SHL del coordinador para una temporada y vea, serie por serie y fecha por fecha, dónde difiere del registro de Slotdesk. Comparar no escribe nada; solo se aplican las diferencias que seleccione.",
  drop_hint: "Arrastre aquí el archivo de texto o selecciónelo",
  select: "Seleccionar archivo",
  remove: "Quitar",
  compare: "Comparar con el registro",
  comparing: "Comparando…",
  file_unreadable: "No se pudo leer el archivo seleccionado. Vuelva a seleccionarlo.",
  summary: {
    title: "%{type} %{season} del %{date} · %{airport}",
    lines: "%{compared} líneas comparadas de %{data} (%{other} de otras aerolíneas, %{not_held} que no asignan slot, %{errors} con error)",
    slots: "%{register} slots en Slotdesk · %{list} slots en la lista · %{equal} series iguales",
    differences: "%{smart_count} diferencia |||| %{smart_count} diferencias",
    wip: "%{smart_count} en proceso (WIP) |||| %{smart_count} en proceso (WIP)",
    none: "Ninguna diferencia: el registro y la lista coinciden.",
    errors_note:
      "Hay líneas que no se pudieron leer y no se compararon: lo que esas líneas asignan aparece como «Solo en Slotdesk».",
  },
  kinds: kindLabels,
  effects: kindEffects,
  directions: directionLabels,
  columns: differenceColumns,
  series: {
    title: "%{flight} · %{direction}",
    serie: "Serie %{serie}",
    line: "Línea %{line} de la lista",
    here: "Slotdesk: %{time} · %{days} · %{first} – %{last} · %{dates} fechas",
    there: "Lista: %{time} · %{days} · %{first} – %{last} · %{dates} fechas",
    absent_here: "Slotdesk: no la tiene",
    absent_there: "Lista: no la tiene",
  },
  difference: {
    select: "Seleccionar: %{kind} de %{flight}",
    label: "%{kind} de %{flight}",
    values: "%{here} → %{there}",
    none: "—",
    dates: "%{smart_count} fecha |||| %{smart_count} fechas",
    show_dates: "Ver fechas",
    hide_dates: "Ocultar fechas",
    wip: "En proceso (WIP)",
    wip_hint: "Una solicitud en proceso explica esta diferencia: no se ofrece como corrección.",
    uncertain: "Sin confirmar",
    uncertain_hint: "La lista tiene líneas que no se pudieron leer y estos slots pueden estar en una de ellas: no se ofrece cancelarlos. Corrija la lista y vuelva a compararla.",
  },
  select_all: "Seleccionar todas",
  select_none: "Quitar selección",
  apply: "Aplicar %{smart_count} diferencia |||| Aplicar %{smart_count} diferencias",
  download: "Descargar comparación (.xlsx)",
  download_failed: "No se pudo descargar la comparación.",
  confirm: {
    title: "Aplicar diferencias al registro",
    text: "Se aplicará %{smart_count} diferencia al registro de Slotdesk, %{source}, en una sola operación. Las demás quedan como están. |||| Se aplicarán %{smart_count} diferencias al registro de Slotdesk, %{source}, en una sola operación. Las demás quedan como están.",
    cancel: "Cancelar",
    apply: "Aplicar",
    past:
      "%{smart_count} fecha de lo elegido ya pasó (la última, %{last}). Por omisión se aplica solo de hoy en adelante: corregir una fecha pasada cambia las semanas que Monitoreo ya reportó. |||| %{smart_count} fechas de lo elegido ya pasaron (la última, %{last}). Por omisión se aplica solo de hoy en adelante: corregir fechas pasadas cambia las semanas que Monitoreo ya reportó.",
    include_past: "Aplicar también la fecha pasada |||| Aplicar también las %{smart_count} fechas pasadas",
  },
  past_left:
    "%{smart_count} fecha pasada quedó sin aplicar: sigue en la comparación. |||| %{smart_count} fechas pasadas quedaron sin aplicar: siguen en la comparación.",
  applied:
    "Se aplicó %{smart_count} diferencia %{source}: %{created} slots creados, %{changed} modificados, %{cancelled} cancelados. |||| Se aplicaron %{smart_count} diferencias %{source}: %{created} slots creados, %{changed} modificados, %{cancelled} cancelados.",
};
