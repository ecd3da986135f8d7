// @vitest-environment jsdom
/**
 * A room registers itself once (issue 33 item 4): every room's `view.ts` is in the shell's one
 * list of views, the list holds nothing else, and each room's front door exports the same `view`
 * (read as text: importing every front door would load every room). A page's environment: a view
 * starts its first read through the API client, which reads the page's address and config.
 */
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { VIEWS } from "../../src/app/views";
import type { ViewDefinition } from "../../src/client/rooms/view";

const rooms = import.meta.glob<{ view: ViewDefinition }>("../../src/{custom-views,resources}/*/view.ts", { eager: true });

describe("the rooms' views", () => {
  it("are the shell's list of views, each once, with a route, a menu label and a lazy view", () => {
    const registered = Object.values(rooms).map((room) => room.view);
    expect(registered.length).toBeGreaterThanOrEqual(10);
    expect([...VIEWS].sort((a, b) => a.id.localeCompare(b.id))).toEqual(registered.sort((a, b) => a.id.localeCompare(b.id)));
    expect(new Set(VIEWS.map((view) => view.path)).size).toBe(VIEWS.length);
    for (const view of VIEWS) {
      expect(view.path).toMatch(/^\/[a-z-]+$/);
      expect(view.labelKey).toMatch(/^slotdesk\.views\./);
      expect(view.component).toBeDefined();
    }
  });

  it("are exported by each room's front door", () => {
    for (const file of Object.keys(rooms)) {
      const index = readFileSync(join(import.meta.dirname, dirname(file), "index.ts"), "utf8");
      expect(index, file).toContain('export { view } from "./view";');
    }
  });
});
