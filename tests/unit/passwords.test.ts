import { describe, expect, it } from "vitest";
import { generatePassword, PasswordHasher } from "../../src/server/auth/passwords";
import { readConfig } from "../../src/server/config";

describe("password hashing", () => {
  it("uses scrypt N=2^17 by default in production (the tests lower it for speed)", () => {
    expect(readConfig({}).scryptLog2N).toBe(17);
  });

  it("stores its parameters and a random salt, and verifies only the right password", async () => {
    const hasher = new PasswordHasher(10);
    const a = await hasher.hash("contraseña correcta");
    const b = await hasher.hash("contraseña correcta");
    expect(a).toMatch(/^scrypt\$10\$8\$1\$[\w-]{22}\$[\w-]{86}$/);
    expect(a).not.toBe(b);
    expect(await hasher.verify("contraseña correcta", a)).toBe(true);
    expect(await hasher.verify("contraseña Correcta", a)).toBe(false);
    expect(await hasher.verify("x", "not-a-hash")).toBe(false);
  });

  it("verifies a hash made with other parameters, so the cost can rise later", async () => {
    const old = await new PasswordHasher(10).hash("clave antigua 123");
    expect(await new PasswordHasher(12).verify("clave antigua 123", old)).toBe(true);
  });

  it("generates 16-character passwords from an unambiguous alphabet", () => {
    const passwords = Array.from({ length: 200 }, () => generatePassword());
    for (const p of passwords) expect(p).toMatch(/^[a-km-zA-HJ-NP-Z2-9]{16}$/);
    expect(new Set(passwords).size).toBe(200);
  });
});

describe("configuration", () => {
  it("reads the documented defaults", () => {
    const config = readConfig({});
    expect(config).toMatchObject({ port: 8080, host: "127.0.0.1", sessionHours: 12, trustProxy: false });
    expect(config.databaseUrl).toBeUndefined();
    expect(config.dataDir).toMatch(/\/data$/);
  });

  it("refuses a value it cannot use instead of running half-configured", () => {
    expect(() => readConfig({ PORT: "ochenta" })).toThrow(/PORT must be an integer/);
    expect(() => readConfig({ SESSION_HOURS: "0" })).toThrow(/SESSION_HOURS/);
  });
});
