/**
 * The browser app's floors (README "Floors"): ESLint's `no-restricted-imports` in eslint.config.js
 * refuses an import that runs upwards or into another room's internals. Each case lints one line
 * as if it were in the named file.
 */
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

const eslint = new ESLint();

const restrictedImports = async (filePath: string, line: string): Promise<string[]> => {
  const [result] = await eslint.lintText(`${line}\nexport const probe = used;\n`, { filePath });
  return (result?.messages ?? []).filter((message) => message.ruleId === "no-restricted-imports").map((message) => message.message);
};

describe("the floors' import rule", { timeout: 30_000 }, () => {
  it.each([
    ["src/client/ui/Probe.tsx", 'import { theme as used } from "../../app/theme";', "src/app is the shell"],
    ["src/client/ui/Probe.tsx", 'import { buildColumns as used } from "../../custom-views/turnover/columns";', "never imports them"],
    ["src/custom-views/timeline/Probe.tsx", 'import { VIEWS as used } from "../../app/views";', "src/app is the shell"],
    ["src/custom-views/timeline/Probe.tsx", 'import { DRAFT_KINDS as used } from "../drafts/kinds";', "front door"],
    ["src/custom-views/drafts/send/Probe.tsx", 'import { fetchContacts as used } from "../../../resources/contacts/data";', "front door"],
    ["src/resources/seasons/Probe.tsx", 'import { users as used } from "../users/data";', "front door"],
    ["src/server/seasons/Probe.ts", 'import { apiClient as used } from "../../client/api/client";', "do not import the browser app"],
    ["src/domain/turnover/Probe.ts", 'import { saveBlob as used } from "../../client/files/download";', "do not import the browser app"],
    // The server's handler files do HTTP only (issue 33): no SQL, no tables, no SQL helpers.
    ["src/server/airports/handlers.ts", 'import { asc as used } from "drizzle-orm";', "does HTTP only"],
    ["src/server/audit/handlers.ts", 'import { auditLog as used } from "../db/schema";', "does HTTP only"],
    ["src/server/reports/runs.ts", 'import { queryRows as used } from "../db/sql";', "does HTTP only"],
  ])("refuses in %s: %s", async (filePath, line, reason) => {
    const messages = await restrictedImports(filePath, line);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toContain(reason);
  });

  it.each([
    ["src/app/layout/Probe.tsx", 'import { users as used } from "../../resources/users";'],
    ["src/custom-views/timeline/Probe.tsx", 'import { DRAFT_KINDS as used } from "../drafts";'],
    ["src/custom-views/drafts/send/Probe.tsx", 'import { DRAFT_KINDS as used } from "../kinds";'],
    ["src/custom-views/drafts/send/Probe.tsx", 'import { fetchContacts as used } from "../../../resources/contacts";'],
    ["src/resources/logbook/Probe.tsx", 'import { apiClient as used } from "../../client/api/client";'],
    ["src/client/ui/Probe.tsx", 'import { apiClient as used } from "../api/client";'],
    ["src/server/seasons/Probe.ts", 'import { db as used } from "../db/client";'],
    ["src/server/audit/queries.ts", 'import { desc as used } from "drizzle-orm";'],
    ["src/server/reports/queries.ts", 'import { reportRuns as used } from "../db/schema";'],
  ])("lets through in %s: %s", async (filePath, line) => {
    expect(await restrictedImports(filePath, line)).toEqual([]);
  });
});
