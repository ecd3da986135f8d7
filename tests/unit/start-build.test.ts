/**
 * `npm start` builds only what changed (issue 36 item 13): the browser app is built again when one
 * of its sources changed since the build on disk, not on every start, and a server-only change
 * does not rebuild it.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { BROWSER_INPUTS, isStale, writeStamp } from "../../scripts/start-build";

const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

function project(): string {
  const root = mkdtempSync(join(tmpdir(), "slotdesk-start-build-"));
  roots.push(root);
  for (const dir of ["src/app", "src/server", "dist"]) mkdirSync(join(root, dir), { recursive: true });
  writeFileSync(join(root, "package.json"), "{}");
  writeFileSync(join(root, "src/app/main.tsx"), "export const a = 1;");
  writeFileSync(join(root, "src/server/main.ts"), "export const b = 1;");
  return root;
}

describe("npm start's build step", () => {
  it("does not run the full build on every start", () => {
    const pkg = JSON.parse(readFileSync(join(import.meta.dirname, "../../package.json"), "utf8")) as { scripts: Record<string, string> };
    expect(pkg.scripts.start).not.toContain("npm run build");
    expect(pkg.scripts.start).toContain("scripts/start-build.ts");
  });

  it("builds the browser app when nothing was built, not again with the same sources, again when one changed; a server change leaves it", () => {
    const root = project();
    expect(isStale("dist", "dist/index.html", BROWSER_INPUTS, root).stale).toBe(true);
    // Built: its output and the inputs' fingerprint.
    writeFileSync(join(root, "dist/index.html"), "<html></html>");
    writeStamp("dist", isStale("dist", "dist/index.html", BROWSER_INPUTS, root).print, root);
    expect(isStale("dist", "dist/index.html", BROWSER_INPUTS, root).stale).toBe(false);

    writeFileSync(join(root, "src/server/main.ts"), "export const b = 2;");
    expect(isStale("dist", "dist/index.html", BROWSER_INPUTS, root).stale).toBe(false);

    writeFileSync(join(root, "src/app/main.tsx"), "export const a = 2;");
    expect(isStale("dist", "dist/index.html", BROWSER_INPUTS, root).stale).toBe(true);
  });
});
