import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { catalogSections } from './build/catalog-sections.ts';
import { firstLoadChunks } from './build/first-load-chunks.ts';
import { precompress } from './build/precompress.ts';
import { statusPageBuild } from './build/status-page-build.ts';

// The pages a visitor can land on first, each with what it needs on arrival.
const firstLoads = firstLoadChunks({
  'sign-in': ['src/features/auth/pages/auth-login-page.tsx'],
  'provider-sign-in': ['src/features/auth/pages/idp-interaction-page.tsx'],
  // The signed-in frame comes with the first signed-in page, most often the dashboard.
  frame: [
    'src/app/app-layout.tsx',
    'src/app/route-guard.tsx',
    'src/features/dashboard/pages/dashboard-page.tsx',
  ],
});

// `npm run dev -w apps/web` serves the SPA with hot reload and forwards /api to a running server.
export default defineConfig({
  plugins: [react(), catalogSections(), firstLoads.plugin, statusPageBuild(), precompress()],
  // /scim: customers' directories provision users there (apps/api/src/modules/scim).
  server: {
    proxy: {
      '/api': process.env.API_URL ?? 'http://localhost:8080',
      '/scim': process.env.API_URL ?? 'http://localhost:8080',
    },
  },
  // The manifest lets `npm run bench` follow what each route loads.
  build: {
    sourcemap: true,
    chunkSizeWarningLimit: 1500,
    manifest: true,
    rolldownOptions: { output: { codeSplitting: { groups: firstLoads.groups } } },
  },
});
