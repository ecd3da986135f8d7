/**
 * The texts of what a reader found in a file (`slotdesk.reading.*`, src/client/ui/ReadProblems):
 * the previews that read files from the world add them when their component loads.
 */
export const readingTexts = {
  title_warnings: "Avisos de lectura (%{smart_count})",
  title_problems: "Problemas de lectura (%{smart_count})",
  where: "Línea %{line}, columna %{column}",
  severity: {
    aviso: "Aviso",
    error: "Error",
  },
  more: "Y %{smart_count} más que no se muestran.",
};
