/** The contact directory (seed 000 §7 paths), seasons as an Admin resource, and one's own account. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, TEST_PASSWORD, type TestClient, type TestServer } from "./harness";

let server: TestServer;
let admin: TestClient & { userId: number; email: string };

beforeAll(async () => {
  server = await startServer({ now: () => new Date("2026-11-21T15:00:00Z") });
  admin = await server.signIn("Admin");
});
afterAll(() => server.close());

describe("contacts", () => {
  it("creates, lists by name, edits and deletes a contact, with an audit entry for each", async () => {
    const created = await admin.ok("createContact", {
      body: { name: " Coordinación MEX ", email: "Slots@AICM.example", notes: "Responde en 72 h" },
    });
    expect(created).toMatchObject({ name: "Coordinación MEX", email: "slots@aicm.example", notes: "Responde en 72 h" });
    await admin.ok("createContact", { body: { name: "Aeropuerto de Cancún", email: "slots@cun.example" } });
    const slot = await server.signIn("Slot");
    const listed = await slot.ok("listContacts");
    expect(listed.map((c) => c.name)).toEqual(["Aeropuerto de Cancún", "Coordinación MEX"]);
    expect(listed[0]?.notes).toBe("");

    const updated = await admin.ok("updateContact", {
      body: { contact_id: created.id, name: "Coordinación AICM", email: "slots@aicm.example", notes: "" },
    });
    expect(updated.name).toBe("Coordinación AICM");
    await admin.call("deleteContact", { body: { contact_id: created.id } });
    expect((await slot.ok("listContacts")).map((c) => c.email)).toEqual(["slots@cun.example"]);

    const audit = await admin.ok("listAuditLog", { query: { q: "aicm" } });
    expect(audit.items.map((e) => e.action)).toEqual(["contact.delete", "contact.update", "contact.create"]);
    expect(audit.items[1]?.details).toEqual({ name: { from: "Coordinación MEX", to: "Coordinación AICM" }, notes: { from: "Responde en 72 h", to: "" } });
  });

  it("refuses a duplicate e-mail, a missing name, an over-long note and an unknown id, changing nothing", async () => {
    await admin.ok("createContact", { body: { name: "Torre", email: "torre@mex.example" } });
    const before = await admin.ok("listContacts");
    const dup = await admin.fail("createContact", { body: { name: "Otra", email: "TORRE@mex.example" } });
    expect(dup.status).toBe(409);
    expect(dup.body.message).toBe("Ya existe un contacto con el correo torre@mex.example.");
    const blank = await admin.fail("createContact", { body: { name: "   ", email: "x@mex.example" } });
    expect(blank.status).toBe(400);
    expect(blank.body.message).toBe("El nombre es obligatorio.");
    const noEmail = await admin.fail("createContact", { body: { name: "Sin correo" } });
    expect(noEmail.status).toBe(400);
    expect(noEmail.body.message).toMatch(/email/);
    const long = await admin.fail("createContact", { body: { name: "Largo", email: "l@mex.example", notes: "n".repeat(257) } });
    expect(long.status).toBe(400);
    expect(long.body.message).toMatch(/notes/);
    const unknown = await admin.fail("updateContact", { body: { contact_id: 9999, name: "X", email: "x@mex.example" } });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe("No existe el contacto 9999.");
    expect(await admin.ok("listContacts")).toEqual(before);
  });

  it("lets every role read the directory but only Admin change it", async () => {
    for (const role of ["Slot", "Seguimiento", "Reportes"] as const) {
      const client = await server.signIn(role);
      await client.ok("listContacts");
      expect((await client.fail("createContact", { body: { name: "X", email: "x@y.example" } })).status).toBe(403);
      expect((await client.fail("deleteContact", { body: { contact_id: 1 } })).status).toBe(403);
    }
  });
});

describe("seasons as a resource", () => {
  it("creates a season only with the IATA dates of its code, and refuses a duplicate", async () => {
    const wrong = await admin.fail("createSeason", { body: { name: "S28", start_date: "2028-03-01", end_date: "2028-10-28" } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe(
      "Las fechas no corresponden a la temporada S28: según la regla IATA va del 26/03/2028 al 28/10/2028.",
    );
    expect(wrong.body.errors).toEqual([{ field: "start_date", message: "La temporada S28 empieza el 26/03/2028 (regla IATA)." }]);
    const created = await admin.ok("createSeason", { body: { name: "S28", start_date: "2028-03-26", end_date: "2028-10-28" } });
    expect(created).toMatchObject({ name: "S28", start_date: "2028-03-26", end_date: "2028-10-28" });
    const dup = await admin.fail("createSeason", { body: { name: "W26", start_date: "2026-10-25", end_date: "2027-03-27" } });
    expect(dup.status).toBe(409);
    expect(dup.body.message).toBe("La temporada W26 ya existe.");
    const seasons = await admin.ok("listSeasons", { query: { name: "S28" } });
    expect(seasons).toHaveLength(1);
  });

  it("corrects a season with the same rule, and answers 404 for an unknown id", async () => {
    const [w27] = await admin.ok("listSeasons", { query: { name: "S27" } });
    if (!w27) throw new Error("S27 is seeded");
    const renamed = await admin.fail("updateSeason", {
      params: { id: w27.id },
      body: { name: "S27", start_date: w27.start_date, end_date: "2027-10-31" },
    });
    expect(renamed.status).toBe(400);
    expect(renamed.body.errors?.[0]?.message).toBe("La temporada S27 termina el 30/10/2027 (regla IATA).");
    const same = await admin.ok("updateSeason", {
      params: { id: w27.id },
      body: { name: "S27", start_date: "2027-03-28", end_date: "2027-10-30" },
    });
    expect(same).toEqual(w27);
    const missing = await admin.fail("updateSeason", {
      params: { id: 9999 },
      body: { name: "S27", start_date: "2027-03-28", end_date: "2027-10-30" },
    });
    expect(missing.status).toBe(404);
  });
});

describe("one's own account", () => {
  it("changes the name, which the session user then carries", async () => {
    const person = await server.signIn("Reportes");
    const me = await person.ok("changeOwnName", { body: { name: " Julia ", last_name: "Pérez" } });
    expect(me).toMatchObject({ name: "Julia", last_name: "Pérez", role: "Reportes" });
    expect(await person.ok("getSessionUser")).toMatchObject({ name: "Julia", last_name: "Pérez" });
    const blank = await person.fail("changeOwnName", { body: { name: "  " } });
    expect(blank.status).toBe(400);
    expect(blank.body.message).toBe("El nombre es obligatorio.");
  });

  it("changes the password with the current one, keeps this session and ends the others", async () => {
    const person = await server.signIn("Slot");
    const elsewhere = server.client();
    await elsewhere.ok("login", { body: { email: person.email, password: TEST_PASSWORD } });
    const wrong = await person.fail("changeOwnPassword", {
      body: { current_password: "no es", new_password: "contraseña nueva 12", new_password_confirmation: "contraseña nueva 12" },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe("La contraseña actual no es correcta.");
    const mismatch = await person.fail("changeOwnPassword", {
      body: { current_password: TEST_PASSWORD, new_password: "contraseña nueva 12", new_password_confirmation: "otra" },
    });
    expect(mismatch.body.message).toBe("La confirmación no coincide con la nueva contraseña.");
    const short = await person.fail("changeOwnPassword", {
      body: { current_password: TEST_PASSWORD, new_password: "corta", new_password_confirmation: "corta" },
    });
    expect(short.status).toBe(400);
    expect(short.body.message).toMatch(/new_password/);

    const done = await person.call("changeOwnPassword", {
      body: { current_password: TEST_PASSWORD, new_password: "contraseña nueva 12", new_password_confirmation: "contraseña nueva 12" },
    });
    expect(done.status).toBe(204);
    await person.ok("getSessionUser");
    expect((await elsewhere.fail("getSessionUser")).status).toBe(401);
    expect((await server.client().fail("login", { body: { email: person.email, password: TEST_PASSWORD } })).status).toBe(401);
    await server.client().ok("login", { body: { email: person.email, password: "contraseña nueva 12" } });
  });
});

describe("the outbox", () => {
  it("keeps every e-mail when no SMTP server is configured, readable by Admin only", async () => {
    const invited = await admin.ok("addUser", { body: { email: "guardado@aerolinea.example", role: "Reportes" } });
    // The answer says so: the invitation was not sent (issue 24 item 6).
    expect(invited).toMatchObject({ user: { email: "guardado@aerolinea.example", is_pendent: true }, mail_status: "kept" });
    const page = await admin.ok("listOutbox");
    expect(page.items[0]).toMatchObject({
      purpose: "invitation",
      to: ["guardado@aerolinea.example"],
      cc: [],
      subject: "Invitación a Slotdesk",
      status: "kept",
      sent_at: null,
    });
    expect(page.items[0]?.text).toContain("/auth/set-password?token=");
    expect((await (await server.signIn("Slot")).fail("listOutbox")).status).toBe(403);
  });
});
