/**
 * The server the Playwright tests drive: the production build from dist/, on a fresh database
 * (in-memory PGlite, or a new database beside DATABASE_URL, dropped on exit), with one user per
 * role (and the demo season) whose random passwords are written to E2E_USERS_FILE for the tests to read. A real SMTP
 * server receives the e-mails; each one is appended to E2E_MAIL_FILE as a JSON line (attachments in base64). SCR requests
 * go to the coordinator address set below, and the directory holds one contact to copy them to
 * (tests/e2e/drafts.spec.ts expects both).
 *
 * With E2E_SMTP=off it runs as a fresh install does: no SMTP server, so every e-mail stays in the
 * outbox ('Sin enviar'); E2E_DEMO=0 leaves out the demo season. playwright.config.ts starts one of
 * each: the flows that need a mailbox use the first, tests/e2e/no-smtp.spec.ts the second.
 */
import { randomBytes } from "node:crypto";
import { appendFileSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import { eq, sql } from "drizzle-orm";
import pg from "pg";
import { buildApp } from "../src/server/app";
import { createServices, openAndPrepareDatabase } from "../src/server/bootstrap";
import { readConfig } from "../src/server/config";
import { airports, contacts, flights, settings } from "../src/server/db/schema";
import { ROLE_NAMES } from "../src/generated/access";
import { loadDemoSeason } from "../src/server/demo/season";
import { rematch } from "../src/server/matching/rematch";
import { createUser } from "../src/server/users/create";
import { startSmtpServer } from "../tests/support/smtp";

const port = Number(process.env.E2E_PORT ?? 8391);
const usersFile = process.env.E2E_USERS_FILE;
if (!usersFile) throw new Error("E2E_USERS_FILE must name the file to write the test users to");
const withSmtp = process.env.E2E_SMTP !== "off";
const mailFile = process.env.E2E_MAIL_FILE;
if (withSmtp && !mailFile) throw new Error("E2E_MAIL_FILE must name the file to write the received e-mails to");
if (mailFile) writeFileSync(mailFile, "");
// Attached files are written as base64 (a report's .xlsx), for the tests to open.
const smtp = withSmtp
  ? await startSmtpServer((mail) => {
      const attachments = mail.attachments.map((a) => ({
        filename: a.filename,
        contentType: a.contentType,
        base64: a.content.toString("base64"),
      }));
      appendFileSync(String(mailFile), `${JSON.stringify({ ...mail, attachments })}\n`);
    })
  : null;

const baseUrl = process.env.DATABASE_URL;
let dropDatabase = async (): Promise<void> => {};
let databaseUrl: string | undefined;
if (baseUrl) {
  const name = `slotdesk_e2e_${process.pid}_${randomBytes(3).toString("hex")}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  databaseUrl = url.toString();
  dropDatabase = async () => {
    const client = new pg.Client({ connectionString: baseUrl });
    await client.connect();
    await client.query(`drop database if exists "${name}" with (force)`);
    await client.end();
  };
}

const handle = await openAndPrepareDatabase({ databaseUrl }, new Date());
// The demo season, as `npm start` loads it: the turnover flows need real-looking data.
if (process.env.E2E_DEMO !== "0") await loadDemoSeason(handle.db, { now: new Date(), onlyIfEmpty: true });
// Where sent requests go, and a contact to copy them to (the values tests/e2e/drafts.spec.ts reads).
await handle.db
  .update(settings)
  .set({ value: { email: "coordinacion.slots@e2e.example" } })
  .where(eq(settings.name, "coordinator_email"));
// Since issue 37 the coordinator belongs to the airport: MEX's is the address the sends read.
await handle.db.update(airports).set({ coordinatorEmail: "coordinacion.slots@e2e.example" }).where(eq(airports.code, "MEX"));
// Issue 37: a second airport's register, added to MEX's (whose rows the other flows count): VB4901
// MEX→JFK reaches JFK at 15:00Z (10:00 in New York) every day around today. JFK stays inactive
// until tests/e2e/airports.spec.ts makes it held, so every other flow sees a MEX-only install.
if (process.env.E2E_DEMO !== "0") {
  const days = [-2, -1, 0, 1, 2].map((offset) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10));
  await handle.db.insert(flights).values(
    days.map((day) => ({
      airport: "JFK",
      flightNumber: "VB4901",
      date: day,
      isArrival: true,
      movementDate: day,
      origin: "MEX",
      destination: "JFK",
      scheduledDeparture: new Date(`${day}T10:00:00Z`),
      scheduledArrival: new Date(`${day}T15:00:00Z`),
      registration: "XA-VBJ",
      aircraftType: "320",
      seats: 180,
      status: "X",
    })),
  );
  await rematch(handle.db, days);
}
await handle.db
  .insert(contacts)
  .values({ name: "Operaciones MEX", email: "operaciones.mex@e2e.example", notes: "Copia de cada SCR" })
  .onConflictDoNothing();
// Browser tests sign in a few times; a lower scrypt cost keeps them quick. Hashes carry their
// own parameters, and the production default is pinned by a unit test.
const config = {
  ...readConfig({ ...process.env, SCRYPT_LOG2N: "12" }),
  port,
  host: "127.0.0.1",
  smtpUrl: smtp?.url,
  publicAppUrl: `http://127.0.0.1:${port}`,
};
const { contract, services } = await createServices(config, handle);
const users: Record<string, { email: string; password: string }> = {};
for (const role of ROLE_NAMES) {
  const user = await createUser(handle.db, services.passwords, {
    email: `${role.toLowerCase()}@e2e.example`,
    role,
    name: `Prueba${role}`,
    lastName: `Apellido ${role}`,
  });
  users[role] = { email: user.email, password: user.password };
}
writeFileSync(usersFile, JSON.stringify(users));

const app = await buildApp({ contract, services, logger: { level: "warn" } });
await app.listen({ port, host: "127.0.0.1" });
console.log(`e2e server on http://127.0.0.1:${port} (${handle.kind})`);

/**
 * Test-only setup, never part of the product: on E2E_PORT + 1000 (127.0.0.1), `POST
 * /logbook-offers` with `{ reference, offers, deadline }` writes the coordinator's offers on the
 * first line of that reference in the current season, as the reply application (issue 12 item 5)
 * would. tests/e2e/logbook.spec.ts uses it to answer an offer.
 */
const setup = createServer((request, response) => {
  let body = "";
  request.on("data", (chunk: Buffer) => (body += chunk.toString("utf8")));
  request.on("end", () => {
    void (async () => {
      try {
        if (request.method !== "POST" || request.url !== "/logbook-offers") throw new Error(`unknown setup ${request.method} ${request.url}`);
        const input = JSON.parse(body) as { reference: number; offers: string[]; deadline: string };
        await handle.db.execute(
          sql`update logbook_lines set response = 'U', offers = ${JSON.stringify(input.offers)}::jsonb, offers_deadline = ${input.deadline}
              where id = (select l.id from logbook_lines l join logbook_parts p on p.id = l.part_id
                          join logbook_requests r on r.id = p.request_id join seasons s on s.id = r.season_id
                          where r.reference = ${input.reference} and current_date between s.start_date and s.end_date
                          order by p.part_number, l.position limit 1)`,
        );
        response.writeHead(204).end();
      } catch (error) {
        response.writeHead(400).end(String(error));
      }
    })();
  });
});
setup.listen(port + 1000, "127.0.0.1");

let closing = false;
const shutdown = async () => {
  if (closing) return;
  closing = true;
  setup.close();
  await app.close();
  await smtp?.close();
  await handle.close();
  await dropDatabase();
  process.exit(0);
};
process.on("SIGTERM", () => void shutdown());
process.on("SIGINT", () => void shutdown());
