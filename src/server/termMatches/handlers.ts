/** Matches a mediano y corto plazo (seed 002 §7, issue 15 item 3). Roles: the `matches` capability. */
import { matchesFileName, shortTermProblem, shortTermRange } from "../../domain/termMatches";
import { assertAirportAccess, resolveAirport } from "../airports/access";
import type { Handler } from "../contract/routes";
import { HttpError } from "../http/errors";
import { generateMatches, generationFile, listGenerations } from "./generate";

// Issue 37: each airport keeps its own generations; a request names its airport (else the caller's default).

export const listMediumTermMatches: Handler<"listMediumTermMatches"> = async ({ query, user, services }) => {
  const airport = await resolveAirport(services, user, query.airport);
  return { status: 200, body: await listGenerations(services.db, "medium", query, airport.code) };
};

export const listShortTermMatches: Handler<"listShortTermMatches"> = async ({ query, user, services }) => {
  const airport = await resolveAirport(services, user, query.airport);
  return { status: 200, body: await listGenerations(services.db, "short", query, airport.code) };
};

export const generateMediumTermMatches: Handler<"generateMediumTermMatches"> = async ({ body, user, services }) => {
  const airport = await resolveAirport(services, user, body.airport);
  return {
    status: 201,
    body: await generateMatches(services.db, {
      kind: "medium",
      range: { start: body.start_date, end: body.end_date },
      compute: body.compute ?? false,
      writeFile: body.write_file ?? true,
      userId: user.id,
      airport: airport.code,
    }),
  };
};

export const generateShortTermMatches: Handler<"generateShortTermMatches"> = async ({ body, user, services }) => {
  // The contract bounds the days too; this keeps the rule beside the domain's.
  const problem = shortTermProblem(body.days);
  if (problem) throw new HttpError(400, problem, [{ field: "days", message: problem }]);
  const airport = await resolveAirport(services, user, body.airport);
  return {
    status: 201,
    body: await generateMatches(services.db, {
      kind: "short",
      range: shortTermRange(body.date_to_check, body.days),
      compute: body.compute ?? false,
      writeFile: body.write_file ?? true,
      userId: user.id,
      airport: airport.code,
    }),
  };
};

export const downloadMatches: Handler<"downloadMatches"> = async ({ params, reply, user, services }) => {
  const { csv, range, airport } = await generationFile(services.db, params.id);
  // The airport first: a restricted caller learns nothing of another airport's generation.
  await assertAirportAccess(services, user, airport);
  if (csv === null) throw new HttpError(404, `La generación de matches ${params.id} se hizo sin archivo.`);
  const name = matchesFileName(range);
  reply
    .type("text/csv; charset=utf-8")
    .header("Content-Disposition", `attachment; filename="${name}"; filename*=UTF-8''${encodeURIComponent(name)}`);
  return { status: 200, body: csv };
};
