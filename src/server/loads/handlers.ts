/** Cargas de datos (issue 22): preview, apply, history and files of the schedule and flights loads. */
import type { Handler } from "../contract/routes";
import { callerHeldCodes } from "../airports/access";
import { HttpError } from "../http/errors";
import { applyLoad, fileNameOr, loadFile, loadRows, previewLoad } from "./apply";

const loaderOf = (user: { id: number; name: string; lastName: string | null; email: string }) => ({
  id: user.id,
  name: [user.name, user.lastName].filter(Boolean).join(" ") || user.email,
});

export const previewDataLoad: Handler<"previewDataLoad"> = async ({ body, user, services }) => {
  const fileName = fileNameOr(body.file_name, body.kind);
  const airports = await callerHeldCodes(services, user);
  return { status: 200, json: await previewLoad(services.db, { kind: body.kind, fileName, content: body.content }, services.now(), airports) };
};

export const applyDataLoad: Handler<"applyDataLoad"> = async ({ body, user, services }) => {
  const fileName = fileNameOr(body.file_name, body.kind);
  const record = await applyLoad(
    services.db,
    { kind: body.kind, fileName, content: body.content },
    { source: "web", loader: loaderOf(user), skipErrors: body.skip_errors ?? false, now: services.now(), airports: await callerHeldCodes(services, user) },
  );
  if (!record) throw new Error("a load from a person is never claimed away");
  return { status: 200, body: record };
};

export const listDataLoads: Handler<"listDataLoads"> = async ({ query, services }) => ({
  status: 200,
  body: await loadRows(services.db, undefined, query.limit ?? 100),
});

export const downloadDataLoadFile: Handler<"downloadDataLoadFile"> = async ({ params, query, reply, services }) => {
  const file = await loadFile(services.db, params.id);
  if (!file) throw new HttpError(404, `No existe la carga ${params.id}.`);
  const skipped = query.part === "skipped";
  if (skipped && file.skipped === null) throw new HttpError(404, `La carga ${params.id} no omitió ninguna línea.`);
  const name = skipped ? `${file.fileName.replace(/\.[^.]*$/, "")}-omitidas.txt` : file.fileName;
  reply.header("Content-Disposition", `attachment; filename="${name.replace(/["\\\r\n]/g, "_")}"; filename*=UTF-8''${encodeURIComponent(name)}`);
  reply.type("text/plain; charset=utf-8");
  return { status: 200, body: skipped ? (file.skipped ?? "") : file.content.toString("utf8") };
};
