import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { catalogSections } from './build/catalog-sections.ts';

// `npm run dev -w apps/web` serves the SPA with hot reload and forwards /api to a running server.
export default defineConfig({
  plugins: [react(), catalogSections()],
  server: { proxy: { '/api': process.env.API_URL ?? 'http://localhost:8080' } },
  // The manifest lets `npm run bench` follow what each route loads.
  build: { sourcemap: true, chunkSizeWarningLimit: 1500, manifest: true },
});
