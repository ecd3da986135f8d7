/** Health: answers 200 only when the database does too, so a load balancer can rely on it. */
import type { Handler } from "../contract/routes";
import { databaseAnswers } from "../db/client";
import { HttpError } from "../http/errors";

export const getHealth: Handler<"getHealth"> = async ({ services }) => {
  if (!(await databaseAnswers(services.db))) {
    throw new HttpError(503, "La base de datos no responde.");
  }
  return {
    status: 200,
    body: {
      status: "ok",
      version: services.version,
      database: services.dbKind,
      time: services.now().toISOString(),
      node: process.version,
    },
  };
};
