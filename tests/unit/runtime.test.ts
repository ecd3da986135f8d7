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
