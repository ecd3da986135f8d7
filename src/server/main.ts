/**
 * `npm start` / `npm run serve`: takes the embedded data directory for this process (refusing when
 * another process holds it), opens the database (embedded unless DATABASE_URL is set), applies
 * migrations and reference data, creates the demo users on an empty embedded database, loads the
 * demo season into a database with no slots and flights (unless DEMO_DATA=0), runs the commands of
 * other processes on the embedded database, and serves the API and the browser app on PORT.
 */
import { resolve } from "node:path";
import { readConfig } from "./config";
import { configuredDatabase, openDatabase, startEmbeddedDatabase } from "./db/client";
import { acquireDataDir } from "./owner/lock";

async function main(): Promise<void> {
  const startedAt = performance.now();
  const config = readConfig();
  // One process owns an embedded data directory (src/server/owner): taken before PGlite opens it.
  const ownership = config.databaseUrl
    ? null
    : await acquireDataDir(config.dataDir, { command: "servidor Slotdesk", servesCommands: true });
  // PGlite compiles and starts (about half a second) while the rest of the server loads and is
  // built; queries wait for it.
  const options = configuredDatabase(config);
  const started = options.databaseUrl ? null : startEmbeddedDatabase(options);
  // A start that fails is reported where it is awaited, below, not as an unhandled rejection.
  started?.ready.catch(() => undefined);
  const [{ createServices, describeDatabase, prepareDatabase }, { buildApp }, { loadContract }, demoSeasonModule, { commandHandler }, { CONTRACT_JSON_FILE }, { vacuumTurnover }, { createDemoUsersIfEmpty }, { ReportScheduler }, { renderReportFile }] =
    await Promise.all([
      import("./bootstrap"),
      import("./app"),
      import("./contract/load"),
      import("./demo/season"),
      import("./owner/commands"),
      import("./paths"),
      import("./db/maintenance"),
      import("./users/create"),
      import("./reports/scheduler"),
      import("./reports/files"),
    ]);
  const handle = started ? started.handle : await openDatabase(options);
  const { contract, services } = await createServices(config, handle, { contract: await loadContract(CONTRACT_JSON_FILE) });
  const app = await buildApp({ contract, services, logger: { level: config.logLevel } });
  await started?.ready;
  await prepareDatabase(handle, new Date());
  const { demoLoadedMessage, loadDemoSeason } = demoSeasonModule;
  const demo = handle.kind === "pglite" ? await createDemoUsersIfEmpty(handle.db, services.passwords) : [];
  const demoSeason =
    process.env.DEMO_DATA === "0" ? null : await loadDemoSeason(handle.db, { now: new Date(), onlyIfEmpty: true });
  ownership?.serve(commandHandler({ db: handle.db, passwords: services.passwords }));

  // Scheduled report sends (src/server/reports/scheduler.ts): every instance runs one; the
  // database decides which sends each run. REPORT_SCHEDULER=0 leaves this instance out.
  const scheduler =
    process.env.REPORT_SCHEDULER === "0"
      ? null
      : new ReportScheduler({
          db: handle.db,
          mailer: services.mailer,
          now: services.now,
          render: renderReportFile,
          onError: (error) => app.log.error({ err: error }, "Envío programado de reportes"),
        });

  // The feed folder (src/server/loads/feed.ts): every instance may watch it; PostgreSQL decides
  // which one loads each file.
  const feed = config.feedsDir
    ? new (await import("./loads/feed")).FeedFolder({
        db: handle.db,
        dir: config.feedsDir,
        now: services.now,
        settleMs: config.feedsSettleMs,
        onLoaded: (fileName, record) =>
          app.log.info(record ? `Carpeta de cargas: ${fileName} → carga ${record.id} (${record.status})` : `Carpeta de cargas: ${fileName} ya estaba cargado`),
        onError: (error) => app.log.error({ err: error }, "Carpeta de cargas"),
      })
    : null;

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: closing`);
    await scheduler?.stop();
    await feed?.stop();
    await app.close();
    await handle.close();
    await ownership?.release();
    process.exit(0);
  };
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));

  // Expired sessions are removed hourly; any instance may do it, deleting twice is harmless.
  const purge = setInterval(() => void services.sessions.purgeExpired().catch(() => undefined), 3_600_000);
  purge.unref();
  // PGlite has no autovacuum: reclaim what re-matching and the turnover row cache leave behind.
  if (handle.kind === "pglite") {
    const vacuum = setInterval(() => void vacuumTurnover(handle.db).catch(() => undefined), 3_600_000);
    vacuum.unref();
  }

  const address = await app.listen({ port: config.port, host: config.host });
  // What a person starting the server reads, printed at once after listening and before anything
  // else runs, so no request's log line can come between its lines: the address, the demo
  // season, the feed folder watched, and last the demo users' passwords as one framed block.
  const url = address.replace("127.0.0.1", "localhost");
  console.log(
    `\nSlotdesk ${services.version} escuchando en ${url}  ·  Node.js ${process.version}  ·  base de datos: ${describeDatabase(config)}`,
  );
  console.log(`Listo en ${Math.round(performance.now() - startedAt)} ms. Referencia de la API: ${url}/api/docs/`);
  if (demoSeason) console.log(demoLoadedMessage(demoSeason));
  if (config.feedsDir) console.log(feedFolderLine(config.feedsDir));
  if (demo.length > 0) console.log(demoUsersBlock(demo));
  scheduler?.start();
  await feed?.start();
}

/** The start's line about the feed folder (issue 36 item 14). */
const feedFolderLine = (dir: string): string => `Carpeta de cargas: vigilando la carpeta ${resolve(dir)}`;

/** The demo users and their passwords, once, as a block framed apart from the request log (issue 36 item 14). */
function demoUsersBlock(users: readonly { role: string; email: string; password: string }[]): string {
  const lines = users.map((user) => `  ${user.role.padEnd(12)} ${user.email.padEnd(32)} ${user.password}`);
  const title = "Usuarios de demostración (las contraseñas se muestran solo esta vez):";
  const rule = "=".repeat(Math.max(title.length, ...lines.map((line) => line.length)));
  return ["", rule, title, ...lines, rule, ""].join("\n");
}

main().catch((error: unknown) => {
  console.error("Slotdesk no pudo iniciar:", error instanceof Error ? error.message : error);
  process.exit(1);
});
