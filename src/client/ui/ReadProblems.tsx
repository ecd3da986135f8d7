/**
 * What a reader found in a file from the world (src/domain/reading, the contract's ReadProblem):
 * one compact list, each problem with its place ("Línea N, columna C"), its severity, the Spanish
 * message (what was assumed, or why the line was left out) and the line as written, in monospace,
 * so a person sees it without opening the file. Nothing when there is nothing to say. The previews
 * that read files (Carga de referencias, the season start upload, a request recorded by hand)
 * render it with the `warnings` of their answer.
 */
import { Box, Chip, List, ListItem, Stack, Typography } from "@mui/material";
import { useId } from "react";
import { useTranslate } from "react-admin";
import type { components } from "../../generated/openapi";
import "../i18n/readingTexts";

type ReadProblem = components["schemas"]["ReadProblem"];

/** A file full of one assumption says it enough with its first lines. */
const SHOWN = 100;

const SEVERITY_KEYS: Record<ReadProblem["severity"], string> = {
  aviso: "slotdesk.reading.severity.aviso",
  error: "slotdesk.reading.severity.error",
};

export const ReadProblems = ({ problems }: { problems: readonly ReadProblem[] | undefined }) => {
  const translate = useTranslate();
  const titleId = useId();
  if (!problems || problems.length === 0) return null;
  const onlyWarnings = problems.every((problem) => problem.severity === "aviso");
  const title = translate(onlyWarnings ? "slotdesk.reading.title_warnings" : "slotdesk.reading.title_problems", {
    smart_count: problems.length,
  });
  const hidden = problems.length - SHOWN;
  return (
    <Box component="section" aria-labelledby={titleId} sx={{ mt: 1.5 }}>
      <Typography id={titleId} variant="subtitle2" component="h3">
        {title}
      </Typography>
      <List dense disablePadding aria-labelledby={titleId} sx={{ maxHeight: 280, overflow: "auto" }}>
        {problems.slice(0, SHOWN).map((problem, index) => (
          <ListItem key={`${problem.line}-${problem.column}-${index}`} disableGutters divider sx={{ display: "block", py: 0.75 }}>
            <Stack direction="row" spacing={1} sx={{ alignItems: "center", mb: 0.25 }}>
              <Chip
                size="small"
                variant="outlined"
                color={problem.severity === "error" ? "error" : "warning"}
                label={translate(SEVERITY_KEYS[problem.severity])}
              />
              <Typography variant="caption" color="text.secondary">
                {translate("slotdesk.reading.where", { line: problem.line, column: problem.column })}
              </Typography>
            </Stack>
            <Typography variant="body2">{problem.message}</Typography>
            <Box
              component="code"
              sx={{ display: "block", fontFamily: "monospace", fontSize: 12, whiteSpace: "pre-wrap", wordBreak: "break-all", color: "text.secondary" }}
            >
              {problem.text}
            </Box>
          </ListItem>
        ))}
      </List>
      {hidden > 0 ? (
        <Typography variant="caption" color="text.secondary">
          {translate("slotdesk.reading.more", { smart_count: hidden })}
        </Typography>
      ) : null}
    </Box>
  );
};
