/**
 * User administration through the API, with a real SMTP server receiving the invitations and
 * reset links: invite → set password → sign in; block ends live sessions; last-Admin rule;
 * every change audited; bad input changes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { linkIn, startSmtpServer, type TestSmtpServer } from "../support/smtp";
import { startServer, TEST_PASSWORD, type TestClient, type TestServer } from "./harness";

let smtp: TestSmtpServer;
let server: TestServer;
let admin: TestClient & { userId: number; email: string };
let clock = new Date("2026-11-21T15:00:00Z");

beforeAll(async () => {
  smtp = await startSmtpServer();
  server = await startServer({
    now: () => clock,
    config: { smtpUrl: smtp.url, mailFrom: "Slotdesk <slotdesk@aerolinea.example>", publicAppUrl: "https://slotdesk.aerolinea.example" },
  });
  admin = await server.signIn("Admin");
});
afterAll(async () => {
  await server.close();
  await smtp.close();
});

const NEW_PASSWORD = "una contraseña nueva larga";
const tokenOf = (link: string) => new URL(link).searchParams.get("token") ?? "";
let counter = 0;
const freshEmail = () => `persona${++counter}@aerolinea.example`;

async function invite(role: "Admin" | "Slot" | "Seguimiento" | "Reportes" = "Slot", email = freshEmail()) {
  const { user, mail_status } = await admin.ok("addUser", { body: { email, role, name: "Laura", last_name: "Gómez" } });
  // This server has SMTP: the answer says the invitation left (issue 24 item 6).
  expect(mail_status).toBe("sent");
  const mail = await smtp.waitFor((m) => m.to.includes(email) && m.subject === "Invitación a Slotdesk");
  return { user, mail, token: tokenOf(linkIn(mail)) };
}

async function rolesByName(): Promise<Record<string, number>> {
  const roles = await admin.ok("listRoles");
  return Object.fromEntries(roles.map((r) => [r.name, r.id]));
}

describe("inviting a person", () => {
  it("creates a pending user and e-mails a link that sets the password once; then they sign in", async () => {
    const email = freshEmail();
    const { user, mail, token } = await invite("Seguimiento", email);
    expect(user).toMatchObject({ email, is_pendent: true, is_blocked: false, last_login: null, role: { name: "Seguimiento" } });
    expect(mail.headers.from).toContain("slotdesk@aerolinea.example");
    expect(linkIn(mail).startsWith("https://slotdesk.aerolinea.example/auth/set-password?token=")).toBe(true);
    expect(mail.text).toContain("vence el 23/11/2026 09:00");

    const anonymous = server.client();
    const pending = await anonymous.fail("login", { body: { email, password: NEW_PASSWORD } });
    expect(pending.status).toBe(403);
    expect(pending.body.message).toMatch(/no ha concluido su registro/);

    const info = await anonymous.ok("getAccountToken", { query: { token } });
    expect(info).toMatchObject({ purpose: "invitation", email, name: "Laura", last_name: "Gómez" });

    await anonymous.call("setPasswordWithToken", {
      body: { token, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD },
    });
    const me = await anonymous.ok("login", { body: { email, password: NEW_PASSWORD } });
    expect(me).toMatchObject({ email, role: "Seguimiento", name: "Laura" });

    const again = await server.client().fail("setPasswordWithToken", {
      body: { token, password: "otra contraseña distinta", password_confirmation: "otra contraseña distinta" },
    });
    expect(again.status).toBe(410);
    expect(again.body.message).toMatch(/El enlace ya no es válido/);
    const list = await admin.ok("listUsers");
    expect(list.find((u) => u.email === email)?.is_pendent).toBe(false);
  });

  it("refuses an invitation link after 48 hours, and a mismatched confirmation, changing nothing", async () => {
    const { token, user } = await invite();
    const mismatch = await server.client().fail("setPasswordWithToken", {
      body: { token, password: NEW_PASSWORD, password_confirmation: `${NEW_PASSWORD}x` },
    });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.message).toBe("La confirmación no coincide con la nueva contraseña.");
    const short = await server.client().fail("setPasswordWithToken", {
      body: { token, password: "corta", password_confirmation: "corta" },
    });
    expect(short.status).toBe(400);
    expect(short.body.message).toMatch(/password/);

    const saved = clock;
    clock = new Date(saved.getTime() + 48 * 3_600_000 + 1000);
    try {
      const late = await server.client().fail("setPasswordWithToken", {
        body: { token, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD },
      });
      expect(late.status).toBe(410);
      expect((await server.client().fail("getAccountToken", { query: { token } })).status).toBe(410);
    } finally {
      clock = saved;
    }
    const list = await admin.ok("listUsers");
    expect(list.find((u) => u.id === user.id)?.is_pendent).toBe(true);
  });

  it("refuses a duplicate e-mail, an invalid e-mail, an over-long name and an unknown role, creating nobody", async () => {
    const before = (await admin.ok("listUsers")).length;
    const mailsBefore = smtp.received.length;
    const dup = await admin.fail("addUser", { body: { email: admin.email.toUpperCase(), role: "Slot" } });
    expect(dup.status).toBe(409);
    expect(dup.body.message).toBe(`Ya existe un usuario con el correo ${admin.email}.`);
    const bad = await admin.fail("addUser", { body: { email: "no-es-correo", role: "Slot" } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/email/);
    const long = await admin.fail("addUser", { body: { email: freshEmail(), role: "Slot", name: "x".repeat(257) } });
    expect(long.status).toBe(400);
    expect(long.body.message).toMatch(/name/);
    const role = await admin.fail("addUser", { body: { email: freshEmail(), role: "Piloto" } });
    expect(role.status).toBe(400);
    expect(role.body.message).toMatch(/role/);
    expect((await admin.ok("listUsers")).length).toBe(before);
    expect(smtp.received.length).toBe(mailsBefore);
  });

  it("creates nobody when the SMTP server cannot take the invitation", async () => {
    const down = await startServer({ config: { smtpUrl: "smtp://127.0.0.1:1", publicAppUrl: "https://x.example" } });
    try {
      const downAdmin = await down.signIn("Admin");
      const email = freshEmail();
      const failed = await downAdmin.fail("addUser", { body: { email, role: "Slot" } });
      expect(failed.status).toBe(502);
      expect(failed.body.message).toMatch(/No se pudo enviar el correo/);
      expect((await downAdmin.ok("listUsers")).some((u) => u.email === email)).toBe(false);
    } finally {
      await down.close();
    }
  });
});

describe("the users list and roles", () => {
  it("leaves the caller (and an `exclude` id) out, and gives roles with their ids", async () => {
    const other = await server.createUser("Reportes");
    const all = await admin.ok("listUsers");
    expect(all.some((u) => u.id === admin.userId)).toBe(false);
    expect(all.some((u) => u.id === other.id)).toBe(true);
    const excluded = await admin.ok("listUsers", { query: { exclude: other.id } });
    expect(excluded.some((u) => u.id === other.id)).toBe(false);
    expect((await admin.ok("listRoles")).map((r) => r.name)).toEqual(["Admin", "Slot", "Seguimiento", "Reportes"]);
  });

  it("changes a role at once: the user's next call is judged by the new role", async () => {
    const roles = await rolesByName();
    const slot = await server.signIn("Slot");
    await slot.ok("listContacts");
    expect((await slot.fail("listUsers")).status).toBe(403);
    const changed = await admin.ok("changeUserRole", { body: { user_id: slot.userId, role_id: roles.Admin ?? 0 } });
    expect(changed.role.name).toBe("Admin");
    expect((await slot.ok("getSessionUser")).role).toBe("Admin");
    await slot.ok("listUsers");
    const unknown = await admin.fail("changeUserRole", { body: { user_id: slot.userId, role_id: 999 } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe("El rol 999 no existe.");
  });

  it("edits name and last name, applies the role only when sent, and never changes the e-mail", async () => {
    const roles = await rolesByName();
    const target = await server.createUser("Reportes");
    const edited = await admin.ok("updateUser", { body: { user_id: target.id, name: "Marta", last_name: "Ruiz" } });
    expect(edited).toMatchObject({ name: "Marta", last_name: "Ruiz", email: target.email, role: { name: "Reportes" } });
    const withRole = await admin.ok("updateUser", { body: { user_id: target.id, role_id: roles.Slot ?? 0 } });
    expect(withRole).toMatchObject({ name: "Marta", role: { name: "Slot" } });
    const email = await admin.fail("updateUser", { body: { user_id: target.id, email: "otro@x.example" } });
    expect(email.status).toBe(400);
    const missing = await admin.fail("updateUser", { body: { user_id: 99999, name: "X" } });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe("No existe el usuario 99999.");
  });
});

describe("editing a user without a role", () => {
  it("keeps every role, an invited user's too, and the audit log records no role change", async () => {
    const roles = await rolesByName();
    const targets = [
      ...(await Promise.all((["Admin", "Slot", "Seguimiento", "Reportes"] as const).map(async (role) => ({ role, ...(await server.createUser(role)) })))),
      { ...(await invite("Seguimiento")).user, role: "Seguimiento" as const },
    ];
    for (const target of targets) {
      const edited = await admin.ok("updateUser", { body: { user_id: target.id, name: "Sofía", last_name: "Luna" } });
      expect(edited.role, target.email).toEqual({ id: roles[target.role], name: target.role });
      // The same role sent back is no change either.
      const same = await admin.ok("updateUser", { body: { user_id: target.id, role_id: roles[target.role] ?? 0 } });
      expect(same.role.name, target.email).toBe(target.role);
      const listed = (await admin.ok("listUsers")).find((u) => u.id === target.id);
      expect(listed?.role.name, target.email).toBe(target.role);

      const audit = await admin.ok("listAuditLog", { query: { q: target.email } });
      const updates = audit.items.filter((entry) => entry.action === "user.update" || entry.action === "user.role");
      expect(updates.length, target.email).toBeGreaterThan(0);
      for (const entry of updates) expect(entry.details, target.email).not.toHaveProperty("role");
    }
  });
});

describe("blocking, unblocking and deleting", () => {
  it("ends a blocked user's live session on their next call and refuses their sign-in; unblock lets them back", async () => {
    const victim = await server.signIn("Slot");
    await victim.ok("getSessionUser");
    const blocked = await admin.ok("blockUser", { body: { user_id: victim.userId } });
    expect(blocked.is_blocked).toBe(true);
    const next = await victim.fail("getSessionUser");
    expect(next.status).toBe(401);
    expect(next.body.message).toBe("SU SESIÓN HA CADUCADO, POR FAVOR INICIE SESIÓN DE NUEVO");
    const signIn = await server.client().fail("login", { body: { email: victim.email, password: TEST_PASSWORD } });
    expect(signIn.status).toBe(403);
    expect(signIn.body.message).toMatch(/bloqueada/);
    await admin.ok("unblockUser", { body: { user_id: victim.userId } });
    await server.client().ok("login", { body: { email: victim.email, password: TEST_PASSWORD } });
  });

  it("ends a deleted user's sessions and removes them from the list", async () => {
    const victim = await server.signIn("Reportes");
    await admin.call("deleteUser", { body: { user_id: victim.userId } });
    expect((await victim.fail("getSessionUser")).status).toBe(401);
    expect((await admin.ok("listUsers")).some((u) => u.id === victim.userId)).toBe(false);
    expect((await admin.fail("deleteUser", { body: { user_id: victim.userId } })).status).toBe(404);
  });

  it("never leaves Slotdesk without an active Admin, and refuses an Admin acting on their own account", async () => {
    const roles = await rolesByName();
    const lone = await startServer({ config: { publicAppUrl: "https://x.example" } });
    try {
      const only = await lone.signIn("Admin");
      for (const [id, body] of [
        ["changeUserRole", { user_id: only.userId, role_id: roles.Slot ?? 0 }],
        ["updateUser", { user_id: only.userId, role_id: roles.Slot ?? 0 }],
        ["blockUser", { user_id: only.userId }],
        ["deleteUser", { user_id: only.userId }],
      ] as const) {
        const refused = await only.fail(id, { body });
        expect(refused.status, id).toBe(409);
        expect(refused.body.message, id).toMatch(/su propia cuenta/);
      }
      expect((await only.ok("getSessionUser")).role).toBe("Admin");

      // Another Admin may be demoted while this one remains active, and the audit log says so.
      const second = await lone.createUser("Admin");
      await only.ok("changeUserRole", { body: { user_id: second.id, role_id: roles.Slot ?? 0 } });
      const audit = await only.ok("listAuditLog");
      expect(audit.items[0]).toMatchObject({ action: "user.role", target_label: second.email, actor_email: only.email });
    } finally {
      await lone.close();
    }
  });
});

describe("password reset", () => {
  it("e-mails an active user a 60-minute single-use link that ends their sessions", async () => {
    const person = await server.signIn("Slot");
    const reset = await admin.ok("resetUserPassword", { body: { user_id: person.userId } });
    expect(reset).toMatchObject({ user: { id: person.userId, is_pendent: false }, mail_status: "sent" });
    const mail = await smtp.waitFor((m) => m.to.includes(person.email) && m.subject === "Restablecer su contraseña de Slotdesk");
    const token = tokenOf(linkIn(mail));
    expect((await server.client().ok("getAccountToken", { query: { token } })).purpose).toBe("reset");
    await server.client().call("setPasswordWithToken", {
      body: { token, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD },
    });
    expect((await person.fail("getSessionUser")).status).toBe(401);
    await server.client().ok("login", { body: { email: person.email, password: NEW_PASSWORD } });
    expect((await server.client().fail("getAccountToken", { query: { token } })).status).toBe(410);
  });

  it("expires a reset link after 60 minutes, and a newer link voids the older one", async () => {
    const person = await server.createUser("Reportes");
    await admin.ok("resetUserPassword", { body: { user_id: person.id } });
    const first = tokenOf(linkIn(await smtp.waitFor((m) => m.to.includes(person.email))));
    await admin.ok("resetUserPassword", { body: { user_id: person.id } });
    const second = tokenOf(
      linkIn(await smtp.waitFor((m) => m.to.includes(person.email) && tokenOf(linkIn(m)) !== first)),
    );
    expect((await server.client().fail("getAccountToken", { query: { token: first } })).status).toBe(410);
    const saved = clock;
    clock = new Date(saved.getTime() + 61 * 60_000);
    try {
      expect((await server.client().fail("getAccountToken", { query: { token: second } })).status).toBe(410);
    } finally {
      clock = saved;
    }
  });

  it("re-sends the invitation to a pending user instead of a reset", async () => {
    const { user, token } = await invite("Reportes");
    await admin.ok("resetUserPassword", { body: { user_id: user.id } });
    const fresh = await smtp.waitFor(
      (m) => m.to.includes(user.email) && m.subject === "Invitación a Slotdesk" && tokenOf(linkIn(m)) !== token,
    );
    expect((await server.client().ok("getAccountToken", { query: { token: tokenOf(linkIn(fresh)) } })).purpose).toBe(
      "invitation",
    );
    expect((await server.client().fail("getAccountToken", { query: { token } })).status).toBe(410);
  });

  it("answers the public forgot-password form the same for known and unknown addresses", async () => {
    const person = await server.createUser("Slot");
    const known = await server.client().call("requestPasswordReset", { body: { email: person.email } });
    const unknown = await server.client().call("requestPasswordReset", { body: { email: "nadie@aerolinea.example" } });
    expect(known.status).toBe(202);
    expect(unknown.status).toBe(202);
    expect(known.json).toEqual(unknown.json);
    await smtp.waitFor((m) => m.to.includes(person.email));
    expect(smtp.received.some((m) => m.to.includes("nadie@aerolinea.example"))).toBe(false);
  });
});

describe("the audit log", () => {
  it("records who did what to whom and when, newest first, searchable", async () => {
    const target = await server.createUser("Slot");
    await admin.ok("blockUser", { body: { user_id: target.id } });
    const page = await admin.ok("listAuditLog", { query: { q: target.email } });
    expect(page.total).toBe(1);
    expect(page.items[0]).toMatchObject({
      action: "user.block",
      actor_id: admin.userId,
      actor_email: admin.email,
      target_type: "user",
      target_id: target.id,
      target_label: target.email,
      at: clock.toISOString(),
    });
  });

  it("is not readable by other roles", async () => {
    for (const role of ["Slot", "Seguimiento", "Reportes"] as const) {
      expect((await (await server.signIn(role)).fail("listAuditLog")).status).toBe(403);
    }
  });
});
