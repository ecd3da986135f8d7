import { defineConfig } from "drizzle-kit";

// Used only by `npm run db:generate-migration`: turns src/server/db/schema.ts into a new SQL
// migration under src/server/db/migrations. The server applies them at start.
export default defineConfig({
  dialect: "postgresql",
  schema: "./src/server/db/schema.ts",
  out: "./src/server/db/migrations",
});
