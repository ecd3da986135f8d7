import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

describe("the runtime", () => {
  it("is the project's Node.js 24 LTS, whatever node the machine has", () => {
    expect(process.versions.node.split(".")[0]).toBe("24");
  });

  it("is the version package.json installs and its engines field names", () => {
    const pkg = JSON.parse(readFileSync("package.json", "utf8")) as { dependencies: Record<string, string>; engines: { node: string } };
    expect(pkg.engines.node).toBe("24.x");
    expect(`v${pkg.dependencies.node}`).toBe(process.version);
  });
});

describe("the runtime guard every npm script runs first (scripts/require-node.cjs)", () => {
  const guard = (node: string) => spawnSync(node, ["scripts/require-node.cjs"], { encoding: "utf8" });

  it("lets the project's Node 24 through", () => {
    expect(guard(process.execPath)).toMatchObject({ status: 0, stderr: "" });
  });

  // The machine's own node, when it is another version: what `npm start` meets when the install
  // could not put Node 24 in node_modules.
  const other = ["/usr/bin/node", "/usr/local/bin/node"].find((path) => {
    const version = spawnSync(path, ["--version"], { encoding: "utf8" });
    return version.status === 0 && !version.stdout.startsWith("v24.");
  });
  it.runIf(other !== undefined)("stops another Node with a Spanish message naming the version it needs", () => {
    const refused = guard(other ?? "");
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain("Slotdesk necesita Node.js 24 (LTS) y se está ejecutando con Node.js ");
    expect(refused.stderr).toContain("Ejecute `npm install`");
  });
});
