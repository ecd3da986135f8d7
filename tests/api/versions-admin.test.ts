/**
 * Issue 25 item 1 for the administrative resources: users, contacts, seasons, settings and the
 * reports' send settings. Two Admins read the same version; Ana Pérez writes first, the second
 * writes from the version both read and is refused (409 `STALE VERSION`, naming Ana), nothing of
 * the second written. A write without a version goes ahead as before; a bad If-Match is a 400.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OperationId } from "../../src/generated/access";
import { seasonBounds } from "../../src/domain/seasons";
import { type CallInput, startServer, type TestClient, type TestServer } from "./harness";

let server: TestServer;
let ana: TestClient & { userId: number; email: string };
let beto: TestClient & { userId: number; email: string };

beforeAll(async () => {
  server = await startServer();
  ana = await server.signIn("Admin");
  beto = await server.signIn("Admin");
  await ana.ok("changeOwnName", { body: { name: "Ana", last_name: "Pérez" } });
  await beto.ok("changeOwnName", { body: { name: "Beto", last_name: "Ramírez" } });
});
afterAll(() => server.close());

type Call = { op: OperationId; input: CallInput };

/** One operation under test: how to read the resource, Ana's write, and the stale writer's. */
interface Case {
  name: string;
  /** The resource's current version and what a person sees of it, read by `client`. */
  read(client: TestClient): Promise<{ version: number; state: unknown }>;
  /** Ana's write from `version`, answering the resource with its new version (or the call to read it). */
  first(version: number): Call;
  /** The second Admin's write, from `version` (or none). */
  second(version?: number): Call;
  /** The status a successful second write answers. */
  okStatus: number;
}

const withVersion = (body: Record<string, unknown>, version?: number) => (version === undefined ? body : { ...body, version });

async function makeUser(): Promise<number> {
  return (await server.createUser("Slot")).id;
}

async function readUser(client: TestClient, id: number) {
  const user = (await client.ok("listUsers")).find((row) => row.id === id);
  if (!user) throw new Error(`no user ${id}`);
  return { version: user.version, state: user };
}

async function makeContact(): Promise<number> {
  const suffix = Math.random().toString(36).slice(2, 8);
  return (await ana.ok("createContact", { body: { name: `Coordinación ${suffix}`, email: `c-${suffix}@aicm.example` } })).id;
}

async function readContact(client: TestClient, id: number) {
  const contact = (await client.ok("listContacts")).find((row) => row.id === id);
  if (!contact) throw new Error(`no contact ${id}`);
  return { version: contact.version, state: contact };
}

const seasonBody = (name: string) => {
  const bounds = seasonBounds(name);
  return { name, start_date: bounds.start_date, end_date: bounds.end_date };
};

async function roleId(name: string): Promise<number> {
  const role = (await ana.ok("listRoles")).find((row) => row.name === name);
  if (!role) throw new Error(`no role ${name}`);
  return role.id;
}

async function cases(): Promise<Case[]> {
  const seguimiento = await roleId("Seguimiento");
  const userCase = (name: string, second: (id: number, version?: number) => Call, okStatus: number, setup?: (id: number) => Promise<void>) =>
    async (): Promise<Case> => {
      const id = await makeUser();
      if (setup) await setup(id);
      return {
        name,
        read: (client) => readUser(client, id),
        first: (version) => ({ op: "updateUser", input: { body: { user_id: id, last_name: "Cambiado por Ana", version } } }),
        second: (version) => second(id, version),
        okStatus,
      };
    };
  const contactCase = (name: string, second: (id: number, version?: number) => Call, okStatus: number) => async (): Promise<Case> => {
    const id = await makeContact();
    const { state } = await readContact(ana, id);
    const email = (state as { email: string }).email;
    return {
      name,
      read: (client) => readContact(client, id),
      first: (version) => ({ op: "updateContact", input: { body: { contact_id: id, name: "Escrito por Ana", email, notes: "de Ana", version } } }),
      second: (version) => second(id, version),
      okStatus,
    };
  };
  const builders: Array<() => Promise<Case>> = [
    userCase("updateUser", (id, version) => ({ op: "updateUser", input: { body: withVersion({ user_id: id, last_name: "Cambiado por Beto" }, version) } }), 200),
    userCase(
      "changeUserRole",
      (id, version) => ({ op: "changeUserRole", input: { body: withVersion({ user_id: id, role_id: seguimiento }, version) } }),
      200,
    ),
    userCase("blockUser", (id, version) => ({ op: "blockUser", input: { body: withVersion({ user_id: id }, version) } }), 200),
    userCase("unblockUser", (id, version) => ({ op: "unblockUser", input: { body: withVersion({ user_id: id }, version) } }), 200, async (id) => {
      await ana.ok("blockUser", { body: { user_id: id } });
    }),
    userCase("deleteUser", (id, version) => ({ op: "deleteUser", input: { body: withVersion({ user_id: id }, version) } }), 204),
    userCase("resetUserPassword", (id, version) => ({ op: "resetUserPassword", input: { body: withVersion({ user_id: id }, version) } }), 200),
    contactCase(
      "updateContact",
      (id, version) => ({ op: "updateContact", input: { body: withVersion({ contact_id: id, name: "Escrito por Beto", email: `beto-${id}@aicm.example` }, version) } }),
      200,
    ),
    contactCase("deleteContact", (id, version) => ({ op: "deleteContact", input: { body: withVersion({ contact_id: id }, version) } }), 204),
    async () => {
      const created = await ana.ok("createSeason", { body: seasonBody("S40") });
      const read = async (client: TestClient) => {
        const [season] = await client.ok("listSeasons", { query: { id: created.id } });
        if (!season) throw new Error("no season");
        return { version: season.version, state: season };
      };
      return {
        name: "updateSeason",
        read,
        first: (version) => ({ op: "updateSeason", input: { params: { id: created.id }, body: { ...seasonBody("S41"), version } } }),
        second: (version) => ({ op: "updateSeason", input: { params: { id: created.id }, body: withVersion(seasonBody("S42"), version) } }),
        okStatus: 200,
      };
    },
    async () => {
      const read = async (client: TestClient) => {
        const [setting] = await client.ok("listSettings", { query: { names: "accomplishment" } });
        if (!setting) throw new Error("no setting");
        return { version: setting.version, state: setting };
      };
      const { state } = await read(ana);
      const id = (state as { id: number }).id;
      return {
        name: "modifySetting",
        read,
        first: (version) => ({ op: "modifySetting", input: { body: { id, value: { accomplishment: 75 }, version } } }),
        second: (version) => ({ op: "modifySetting", input: { body: withVersion({ id, value: { accomplishment: 90 } }, version) } }),
        okStatus: 200,
      };
    },
    async () => {
      const contact = await makeContact();
      const template = (schedule: string) => ({ report_name: "full_delays", frequency: 1, schedule: [schedule], timezone: "local", send_to: contact });
      // Saved once, so its version can travel in If-Match too (version 0, never saved, has its own test).
      await ana.ok("saveReportTemplate", { body: template("06:00") });
      return {
        name: "saveReportTemplate",
        read: async (client) => {
          const saved = await client.ok("getReportTemplate", { query: { report_name: "full_delays" } });
          // `next_run` moves with the clock; what a person set is the rest.
          return { version: saved.version, state: { ...saved, next_run: null } };
        },
        first: (version) => ({ op: "saveReportTemplate", input: { body: { ...template("07:00"), version } } }),
        second: (version) => ({ op: "saveReportTemplate", input: { body: withVersion(template("21:00"), version) } }),
        okStatus: 200,
      };
    },
  ];
  return Promise.all(builders.map((build) => build()));
}

describe("no lost update on the administrative resources (issue 25)", () => {
  it("refuses the second of two writes from the same version, naming who changed it; nothing of it is written", async () => {
    for (const test of await cases()) {
      const seenByAna = await test.read(ana);
      const seenByBeto = await test.read(beto);
      expect(seenByBeto.version, test.name).toBe(seenByAna.version);
      const v = seenByAna.version;

      const first = test.first(v);
      const written = await ana.call(first.op, first.input);
      expect(written.status, `${test.name}: Ana's write`).toBe(200);
      const afterAna = await test.read(ana);
      expect(afterAna.version, test.name).toBe(v + 1);
      if (first.op !== "resetUserPassword" && typeof written.json === "object" && written.json !== null && "version" in written.json) {
        expect(written.json.version, test.name).toBe(v + 1);
      }

      const second = test.second(v);
      const refused = await beto.fail(second.op, second.input);
      expect(refused.status, test.name).toBe(409);
      expect(refused.body.code, test.name).toBe("STALE VERSION");
      expect(refused.body.changed_by, test.name).toBe("Ana Pérez");
      expect(refused.body.current_version, test.name).toBe(v + 1);
      expect(refused.body.message, test.name).toMatch(/^Ana Pérez cambió .+ a las \d{2}:\d{2} \(hora de México\)/);
      expect(await test.read(beto), `${test.name}: nothing of the stale write`).toEqual(afterAna);

      const badIfMatch = await beto.fail(second.op, { ...test.second().input, headers: { "if-match": "versión 3" } });
      expect(badIfMatch.status, test.name).toBe(400);
      expect(badIfMatch.body.message, test.name).toBe("La versión enviada en «If-Match» no es válida.");
      const staleIfMatch = await beto.fail(second.op, { ...test.second().input, headers: { "if-match": `"${v}"` } });
      expect(staleIfMatch.status, `${test.name}: a stale If-Match`).toBe(409);
      expect(await test.read(beto), `${test.name}: nothing of a bad or stale If-Match`).toEqual(afterAna);

      const unversioned = test.second();
      const plain = await beto.call(unversioned.op, unversioned.input);
      expect(plain.status, `${test.name}: a write without a version`).toBe(test.okStatus);
    }
  });

  it("answers the current version in every read, and a write from it goes through", async () => {
    const id = await makeUser();
    const { version } = await readUser(ana, id);
    const renamed = await beto.ok("updateUser", { body: { user_id: id, last_name: "Al día", version } });
    expect(renamed.version).toBe(version + 1);
    const again = await ana.ok("updateUser", { body: { user_id: id, last_name: "Otra vez", version: renamed.version } });
    expect(again).toMatchObject({ last_name: "Otra vez", version: version + 2 });
    // Through If-Match, for a caller without a body's `version`.
    const blocked = await ana.ok("blockUser", { body: { user_id: id }, headers: { "if-match": `W/"${again.version}"` } });
    expect(blocked).toMatchObject({ is_blocked: true, version: version + 3 });
  });

  it("of two saves from the same version sent at the same moment, exactly one is written", async () => {
    const id = await makeContact();
    const { version, state } = await readContact(ana, id);
    const email = (state as { email: string }).email;
    const answers = await Promise.all(
      [ana, beto].map((client, index) =>
        client.call("updateContact", { body: { contact_id: id, name: `A la vez ${index}`, email, version } }),
      ),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const after = await readContact(ana, id);
    expect(after.version).toBe(version + 1);
    const winner = answers.findIndex((answer) => answer.status === 200);
    expect(after.state).toMatchObject({ name: `A la vez ${winner}` });
  });

  it("a person's change of their own name moves their version: an Admin's edit from before it is refused", async () => {
    const carla = await server.signIn("Slot");
    const { version } = await readUser(ana, carla.userId);
    await carla.ok("changeOwnName", { body: { name: "Carla", last_name: "Núñez" } });
    const refused = await ana.fail("updateUser", { body: { user_id: carla.userId, last_name: "Otra", version } });
    expect(refused.status).toBe(409);
    expect(refused.body.changed_by).toBe("Carla Núñez");
    expect((await readUser(ana, carla.userId)).state).toMatchObject({ name: "Carla", last_name: "Núñez" });
  });

  it("a report's send settings never saved are version 0: of two first saves from it, the second is refused", async () => {
    const fresh = await ana.ok("getReportTemplate", { query: { report_name: "appearance" } });
    expect(fresh).toMatchObject({ saved: false, version: 0 });
    const body = { report_name: "appearance", frequency: 1, schedule: ["08:00"], timezone: "zulu", send_to: null };
    const saved = await ana.ok("saveReportTemplate", { body: { ...body, version: 0 } });
    expect(saved).toMatchObject({ saved: true, version: 1, schedule: ["08:00"] });
    const refused = await beto.fail("saveReportTemplate", { body: { ...body, schedule: ["09:00"], version: 0 } });
    expect(refused.status).toBe(409);
    expect(refused.body.changed_by).toBe("Ana Pérez");
    expect((await beto.ok("getReportTemplate", { query: { report_name: "appearance" } })).schedule).toEqual(["08:00"]);
  });
});
