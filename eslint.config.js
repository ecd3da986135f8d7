// ESLint (flat config). Besides the recommended sets, it turns the project's rules into checks:
// no `any` and no `as unknown as` to silence the type checker, no untyped fetch in the browser
// app (calls go through the openapi-fetch client), a src/domain free of I/O and UI, and the
// browser app's three floors (see "Floors" below and in the README).
import { readdirSync, readFileSync } from "node:fs";
import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

// Floors: app (the shell) → rooms (src/resources/*, src/custom-views/*) → client (the ground
// floor) → domain/generated. Imports only run downwards; a room reaches another room only through
// its front door (`index.ts`), never a file inside it. The rules match the import specifier.
const roomsOf = (tree) =>
  readdirSync(new URL(`./src/${tree}/`, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
const ROOMS = { resources: roomsOf("resources"), "custom-views": roomsOf("custom-views") };
const ALL_ROOMS = [...new Set([...ROOMS.resources, ...ROOMS["custom-views"]])];
const noShell = {
  regex: "^(?:\\.\\./)+app(?:/|$)",
  message: "src/app is the shell: nothing below it imports it (move what you need down to src/client).",
};
const noRooms = {
  regex: "^(?:\\.\\./)+(?:resources|custom-views)(?:/|$)",
  message: "The ground floor (src/client) serves the rooms and never imports them.",
};
const noBrowser = {
  regex: "^(?:\\.\\./)+(?:app|client|resources|custom-views)(?:/|$)",
  message: "src/domain and src/server do not import the browser app (src/app, src/client, the rooms).",
};
/** Another room only through its front door: `../matches` yes, `../matches/data` no. */
const frontDoorsOnly = (tree, room) => ({
  regex: `^(?:\\.\\./)+(?!(?:${tree}/)?${room}/)(?:(?:resources|custom-views)/)?(?:${ALL_ROOMS.join("|")})/.+`,
  message: "Import another room only through its front door (its index.ts); what two rooms share moves down to src/client.",
});
const roomBlocks = Object.entries(ROOMS).flatMap(([tree, rooms]) =>
  rooms.map((room) => ({
    files: [`src/${tree}/${room}/**/*.{ts,tsx}`],
    rules: { "no-restricted-imports": ["error", { patterns: [noShell, frontDoorsOnly(tree, room)] }] },
  })),
);

// The server's second floor (issue 33): a handler file does HTTP only (parse, authorize, call,
// answer); its concept's SQL lives in the concept's queries module. A handler file is every
// src/server/<concept>/handlers.ts and every file the operation map (src/server/handlers.ts)
// imports handlers from, or that such a file re-exports them from.
const serverFile = (path) => readFileSync(new URL(`./src/server/${path}`, import.meta.url), "utf8");
const operationFiles = [...serverFile("handlers.ts").matchAll(/from "\.\/([^"]+)"/g)]
  .map(([, spec]) => `${spec}.ts`)
  .filter((path) => !path.startsWith("contract/"));
const reExported = operationFiles.flatMap((path) =>
  [...serverFile(path).matchAll(/^export \{[^}]*\} from "\.\/([^"]+)"/gm)].map(([, spec]) => path.replace(/[^/]+$/, `${spec}.ts`)),
);
const HANDLER_FILES = [...new Set(["src/server/*/handlers.ts", ...[...operationFiles, ...reExported].map((path) => `src/server/${path}`)])];
const noSqlInHandlers = [
  {
    group: ["drizzle-orm", "drizzle-orm/*"],
    message: "A handler file does HTTP only: its SQL lives in the concept's queries module (issue 33).",
  },
  {
    regex: "^(?:\\.\\./)+db/(?:schema|sql)(?:/|$)",
    message: "A handler file does HTTP only: the tables and SQL helpers belong to the concept's queries module (issue 33).",
  },
];

export default tseslint.config(
  {
    ignores: [
      "node_modules/",
      "dist/",
      "dist-server/",
      "data/",
      "test-results/",
      "playwright-report/",
      "src/generated/",
      "src/server/db/migrations/",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      "@typescript-eslint/no-explicit-any": "error",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "no-restricted-syntax": [
        "error",
        {
          selector: "TSAsExpression > TSAsExpression.expression[typeAnnotation.type='TSUnknownKeyword']",
          message: "`as unknown as` silences a disagreement with the types: fix the contract or the code.",
        },
      ],
    },
  },
  {
    files: ["src/app/**/*.{ts,tsx}", "src/client/**/*.{ts,tsx}", "src/custom-views/**/*.{ts,tsx}", "src/resources/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "no-restricted-globals": [
        "error",
        { name: "fetch", message: "Call the API through the typed openapi-fetch client (src/client/api/client.ts)." },
      ],
    },
  },
  {
    files: ["src/domain/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { group: ["node:*", "fs", "path", "crypto"], message: "src/domain is pure: no Node APIs." },
            { group: ["react", "react-*", "@mui/*", "react-admin"], message: "src/domain is pure: no UI." },
            { group: ["fastify", "pg", "drizzle-orm*", "@electric-sql/*"], message: "src/domain is pure: no I/O." },
            noBrowser,
          ],
        },
      ],
    },
  },
  {
    files: ["src/client/**/*.{ts,tsx}"],
    rules: { "no-restricted-imports": ["error", { patterns: [noShell, noRooms] }] },
  },
  ...roomBlocks,
  {
    files: ["src/server/**/*.ts"],
    rules: { "no-restricted-imports": ["error", { patterns: [noBrowser] }] },
  },
  {
    files: HANDLER_FILES,
    rules: { "no-restricted-imports": ["error", { patterns: [noBrowser, ...noSqlInHandlers] }] },
  },
);
