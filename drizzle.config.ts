import { defineConfig } from 'drizzle-kit';

// Migrations are generated from server/db/schema.ts with `npm run db:generate`, committed,
// and applied by the server at start-up (server/db/client.ts).
export default defineConfig({
  dialect: 'postgresql',
  schema: './server/db/schema.ts',
  out: './server/db/migrations',
});
