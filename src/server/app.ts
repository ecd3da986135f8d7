/**
 * Builds the Fastify application: contract routes with their gate, the error shape, static
 * files of the browser app, the contract and its reference page. `main.ts` listens; tests call
 * `app.inject` on the same instance.
 */
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import fastifyCookie from "@fastify/cookie";
import fastifyStatic from "@fastify/static";
import type { Socket } from "node:net";
import Fastify, { type FastifyInstance } from "fastify";
import { verifyCsrf } from "./auth/csrf";
import type { Contract } from "./contract/load";
import { registerContractRoutes } from "./contract/routes";
import { handlers } from "./handlers";
import { handleError, handleNotFound, isControl } from "./http/errors";
import { registerMultipart } from "./http/multipart";
import { registerWire, staticCacheHeaders } from "./http/wire";
import { CONTRACT_FILE, SWAGGER_UI_DIR } from "./paths";
import type { Services } from "./services";
import { holdHeavyWork } from "./workers/pool";

/** Paths that belong to the API or the task service: never answered with the browser app. */
const SERVICE_PREFIXES = ["/api/", "/references/", "/tasks/"];

export interface AppOptions {
  contract: Contract;
  services: Services;
  logger?: boolean | { level: string };
}

function docsPage(): string {
  return `<!doctype html>
<html lang="es-MX">
<head>
  <meta charset="utf-8" />
  <title>Referencia de la API - Slotdesk</title>
  <link rel="stylesheet" href="/api/docs/assets/swagger-ui.css" />
</head>
<body>
  <div id="swagger-ui"></div>
  <script src="/api/docs/assets/swagger-ui-bundle.js"></script>
  <script src="/api/docs/init.js"></script>
</body>
</html>`;
}

/** The header line a refused request's raw bytes show a control character in, by its name. */
function headerWithControl(raw: unknown): string | null {
  if (!Buffer.isBuffer(raw)) return null;
  for (const line of raw.toString("latin1").split("\r\n").slice(1)) {
    const colon = line.indexOf(":");
    const value = line.slice(colon + 1);
    if (colon > 0 && Array.from(value).some((c) => c !== "\t" && isControl(c.charCodeAt(0)))) return line.slice(0, colon).trim();
  }
  return null;
}

function answerClientError(error: Error & { code?: string; rawPacket?: unknown }, socket: Socket): void {
  if (!socket.writable) return;
  const tooLarge = error.code === "HPE_HEADER_OVERFLOW";
  const header = tooLarge ? null : headerWithControl(error.rawPacket);
  const message = tooLarge
    ? "La dirección y los encabezados de la solicitud son demasiado grandes."
    : header
      ? `El encabezado «${header.replace(/[^\x21-\x7e]/g, "?")}» contiene caracteres no permitidos.`
      : "La solicitud HTTP no se pudo leer.";
  const body = JSON.stringify({ message });
  const status = tooLarge ? "431 Request Header Fields Too Large" : "400 Bad Request";
  socket.end(
    `HTTP/1.1 ${status}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

export async function buildApp({ contract, services, logger = false }: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger === true ? { level: services.config.logLevel } : logger,
    trustProxy: services.config.trustProxy,
    bodyLimit: 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: false, ignoreDuplicateSlashes: false },
    // The contract lets a query carry up to 5,000 ids (`GET /api/justifications/?slot_ids=`, about
    // 55 KB); Node's default of 16 KB for the request line and headers answered 431 below that.
    http: { maxHeaderSize: 80 * 1024 },
    // What Node's parser refuses before Fastify sees a request (a control character in a header,
    // headers over the size above) gets a Spanish answer naming the header, not "Bad Request".
    clientErrorHandler: answerClientError,
    // Errors the router answers before any hook (a path that is not valid UTF-8, a path
    // parameter over 100 characters) get the same error shape as every other.
    frameworkErrors: (error, request, reply) => {
      handleError(error, request, reply);
    },
  });

  app.setErrorHandler(handleError);
  app.addHook("onClose", async () => services.mailer.close());
  // The worker pool for big files (workers/pool.ts): stopped with the last app that holds it.
  app.addHook("onClose", holdHeavyWork());
  // Open event streams would keep the server from closing: end them first.
  app.addHook("preClose", async () => services.live.close());
  await app.register(fastifyCookie);
  // Compression, Content-Security-Policy, X-Frame-Options and the other security headers
  // (http/wire.ts); before any route, as both attach their hooks to the routes added after them.
  await registerWire(app, {
    publicBaseUrls: [services.config.publicApiBaseUrl, services.config.publicTaskBaseUrl],
  });

  app.addHook("onSend", async (request, reply, payload) => {
    if (SERVICE_PREFIXES.some((p) => request.url.startsWith(p))) reply.header("Cache-Control", "no-store");
    return payload;
  });

  await registerMultipart(app);
  registerContractRoutes(app, contract, handlers, services, {
    authenticate: (request) => services.sessions.authenticate(request),
    verifyCsrf,
  });

  // --- the contract and its reference page, for teams that integrate with Slotdesk ---------
  const contractText = await readFile(CONTRACT_FILE, "utf8");
  app.get("/api/openapi.yaml", async (_request, reply) =>
    reply.type("application/yaml; charset=utf-8").send(contractText),
  );
  app.get("/api/docs", async (_request, reply) => reply.redirect("/api/docs/"));
  app.get("/api/docs/", async (_request, reply) => reply.type("text/html; charset=utf-8").send(docsPage()));
  // No validator badge: it would load an image from validator.swagger.io, which the CSP refuses.
  app.get("/api/docs/init.js", async (_request, reply) =>
    reply
      .type("application/javascript; charset=utf-8")
      .send(
        `window.ui = SwaggerUIBundle({ url: "/api/openapi.yaml", dom_id: "#swagger-ui", deepLinking: true, validatorUrl: null });`,
      ),
  );
  await app.register(fastifyStatic, { root: SWAGGER_UI_DIR, prefix: "/api/docs/assets/", decorateReply: false });

  // --- runtime configuration of the browser app --------------------------------------------
  app.get("/config.js", async (_request, reply) => {
    const config = {
      apiBaseUrl: services.config.publicApiBaseUrl,
      taskBaseUrl: services.config.publicTaskBaseUrl,
    };
    return reply
      .type("application/javascript; charset=utf-8")
      .header("Cache-Control", "no-store")
      .send(`window.__SLOTDESK_CONFIG__ = ${JSON.stringify(config)};\n`);
  });

  // --- the built browser app (production mode) ---------------------------------------------
  const staticDir = services.config.staticDir;
  const hasApp = existsSync(join(staticDir, "index.html"));
  if (hasApp) {
    // Each file as built, or its .br/.gz twin (written by the build) when the browser accepts it;
    // Cache-Control by name (hashed /assets/ for ever, the rest revalidated).
    await app.register(fastifyStatic, {
      root: staticDir,
      prefix: "/",
      wildcard: false,
      index: false,
      preCompressed: true,
      cacheControl: false,
      setHeaders: staticCacheHeaders(staticDir),
    });
  }
  const indexHtml = hasApp ? await readFile(join(staticDir, "index.html"), "utf8") : null;

  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split("?")[0] ?? "";
    const isService = SERVICE_PREFIXES.some((p) => path.startsWith(p));
    if (request.method === "GET" && !isService && indexHtml) {
      // Client-side routes (/auth/login, /turnover, …) all load the same page.
      return reply.type("text/html; charset=utf-8").header("Cache-Control", "no-cache").send(indexHtml);
    }
    if (request.method === "GET" && !isService && !indexHtml) {
      return reply
        .code(503)
        .type("text/plain; charset=utf-8")
        .send("La aplicación web no está compilada. Ejecute `npm run build` (o `npm start`, que la compila).");
    }
    return handleNotFound(request, reply);
  });

  return app;
}
