/**
 * The SCR's creator line (issue 36 item 4): the team's address from configuration, never the
 * default `slotdesk@localhost` nobody reads.
 */
import { describe, expect, it } from "vitest";
import { readConfig } from "../../src/server/config";
import { scrCreator } from "../../src/server/requests/envelope";

describe("the SCR's creator line", () => {
  it("is SCR_CREATOR when set, else MAIL_FROM's address when MAIL_FROM is set", () => {
    expect(scrCreator(readConfig({ SCR_CREATOR: "slots@aerolinea.example", MAIL_FROM: "Slotdesk <noreply@aerolinea.example>" }))).toBe("slots@aerolinea.example");
    expect(scrCreator(readConfig({ MAIL_FROM: "Equipo Slots <slots@aerolinea.example>" }))).toBe("slots@aerolinea.example");
  });

  it("is left out (SSIM makes it optional) when no address is configured, rather than /slotdesk@localhost", () => {
    expect(scrCreator(readConfig({}))).toBeNull();
  });

  it("refuses an SCR_CREATOR that is not an e-mail address, at start", () => {
    expect(() => readConfig({ SCR_CREATOR: "equipo slots" })).toThrow(/SCR_CREATOR must be an e-mail address/);
  });
});
