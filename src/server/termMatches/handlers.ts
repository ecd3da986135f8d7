/** Matches a mediano y corto plazo (seed 002 §7, issue 15 item 3). Roles: the `matches` capability. */
import { matchesFileName, shortTermProblem, shortTermRange } from "../../domain/termMatches";
import type { Handler } from "../contract/routes";
import { HttpError } from "../http/errors";
import { generateMatches, generationFile, listGenerations } from "./generate";

export const listMediumTermMatches: Handler<"listMediumTermMatches"> = async ({ query, services }) => ({
  status: 200,
  body: await listGenerations(services.db, "medium", query),
});

export const listShortTermMatches: Handler<"listShortTermMatches"> = async ({ query, services }) => ({
  status: 200,
  body: await listGenerations(services.db, "short", query),
});

export const generateMediumTermMatches: Handler<"generateMediumTermMatches"> = async ({ body, user, services }) => ({
  status: 201,
  body: await generateMatches(services.db, {
    kind: "medium",
    range: { start: body.start_date, end: body.end_date },
    compute: body.compute ?? false,
    writeFile: body.write_file ?? true,
    userId: user.id,
  }),
});

export const generateShortTermMatches: Handler<"generateShortTermMatches"> = async ({ body, user, services }) => {
  // The contract bounds the days too; this keeps the rule beside the domain's.
  const problem = shortTermProblem(body.days);
  if (problem) throw new HttpError(400, problem, [{ field: "days", message: problem }]);
  return {
    status: 201,
    body: await generateMatches(services.db, {
      kind: "short",
      range: shortTermRange(body.date_to_check, body.days),
      compute: body.compute ?? false,
      writeFile: body.write_file ?? true,
      userId: user.id,
    }),
  };
};

export const downloadMatches: Handler<"downloadMatches"> = async ({ params, reply, services }) => {
  const { csv, range } = await generationFile(services.db, params.id);
  const name = matchesFileName(range);
  reply
    .type("text/csv; charset=utf-8")
    .header("Content-Disposition", `attachment; filename="${name}"; filename*=UTF-8''${encodeURIComponent(name)}`);
  return { status: 200, body: csv };
};
