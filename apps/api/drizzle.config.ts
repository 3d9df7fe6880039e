import { defineConfig } from 'drizzle-kit';

// Only `drizzle-kit generate` is used: it diffs src/db/schema against the committed migrations
// and writes the next versioned SQL file. Migrations are applied by the server on start.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema/index.ts',
  out: './drizzle',
  casing: 'snake_case',
});
