// ESLint (flat config). Besides the recommended sets, it turns the project's rules into checks:
// no `any` and no `as unknown as` to silence the type checker, no untyped fetch in the browser
// app (calls go through the openapi-fetch client), and a src/domain free of I/O and UI.
import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

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
    files: ["src/app/**/*.{ts,tsx}", "src/custom-views/**/*.{ts,tsx}", "src/resources/**/*.{ts,tsx}"],
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
          ],
        },
      ],
    },
  },
);
