/**
 * What a browser downloads before it shows the sign-in page and the dashboard, measured from the
 * built files (gzip, as served), next to the floor of the framework alone (React, React Router,
 * TanStack Query, i18next and Mantine core with its CSS in a minimal app built the same way).
 *
 * Alone, after `npm run build -w apps/web`: `npx tsx bench/bundle.ts`.
 */
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { build } from 'vite';
import { precompress } from '../apps/web/build/precompress.ts';

type ManifestChunk = { file: string; isEntry?: boolean; imports?: string[]; css?: string[]; src?: string };
type Manifest = Record<string, ManifestChunk>;

const webRoot = join(import.meta.dirname, '..', 'apps', 'web');

const gzipSize = async (path: string) => gzipSync(await readFile(path)).length;

/** A chunk and everything it imports statically (what loads with it). */
function closure(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const imported of manifest[key]?.imports ?? []) closure(manifest, imported, seen);
  return seen;
}

async function sizeOf(dist: string, manifest: Manifest, keys: Iterable<string>) {
  let js = 0;
  for (const key of keys) js += await gzipSize(join(dist, manifest[key]!.file));
  return js;
}

export type BundleFigures = {
  signIn: number;
  providerSignIn: number;
  dashboard: number;
  /** The dashboard in the single-sign-on flow: the same plus the OpenID Connect client. */
  dashboardSso: number;
  floor: number;
  /** The core part of the en-SE catalog (apps/web/build/catalog-sections.ts). */
  catalog: number;
};

/**
 * The manifest key of the chunk holding a page. A page grouped with others into a first-load chunk
 * (apps/web/build/first-load-chunks.ts) has no key of its own: its chunk is found through the source
 * maps. A page renamed or no longer lazy must not quietly measure nothing.
 */
async function pageKey(dist: string, manifest: Manifest, page: string): Promise<string> {
  const own = Object.keys(manifest).find((k) => k.endsWith(`/${page}.tsx`));
  if (own) return own;
  for (const [key, chunk] of Object.entries(manifest)) {
    if (!chunk.file.endsWith('.js')) continue;
    const map = JSON.parse(await readFile(join(dist, `${chunk.file}.map`), 'utf8')) as { sources: string[] };
    if (map.sources.some((source) => source.endsWith(`/${page}.tsx`))) return key;
  }
  throw new Error(`bench/bundle.ts: no chunk for ${page}.tsx in the build manifest`);
}

export async function measureBundle(): Promise<BundleFigures> {
  const dist = join(webRoot, 'dist');
  const manifest = JSON.parse(await readFile(join(dist, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  const entry = Object.keys(manifest).find((key) => manifest[key]!.isEntry)!;
  const initial = closure(manifest, entry);
  // The core of one catalog loads with the page (the language in use); the rest comes after it.
  const catalogKey = Object.keys(manifest).find((key) => key.endsWith('locales/en-SE.json?catalog=core'));
  if (!catalogKey) throw new Error('bench/bundle.ts: no core part of en-SE.json in the build manifest');
  const catalog = await gzipSize(join(dist, manifest[catalogKey]!.file));
  const withPage = async (page: string) =>
    sizeOf(dist, manifest, new Set([...initial, ...closure(manifest, await pageKey(dist, manifest, page))]));
  // Own authentication service: the app's sign-in page; single sign-on with the built-in
  // provider (the default): the provider's sign-in page, which the same app renders.
  const signIn = await withPage('auth-login-page');
  const providerSignIn = await withPage('idp-interaction-page');
  // The signed-in frame (layout, route guard) loads after sign-in, with the first page.
  const dashboardKeys = new Set(initial);
  for (const page of ['dashboard-page', 'app-layout', 'route-guard']) {
    closure(manifest, await pageKey(dist, manifest, page), dashboardKeys);
  }
  const dashboard = await sizeOf(dist, manifest, dashboardKeys);
  // The OpenID Connect client loads in the single-sign-on flow only.
  const oidcClient = Object.keys(manifest).find((key) => key.includes('oidc-client-ts'));
  if (!oidcClient) throw new Error('bench/bundle.ts: no oidc-client-ts chunk in the build manifest');
  const dashboardSso = await sizeOf(dist, manifest, closure(manifest, oidcClient, new Set(dashboardKeys)));
  return {
    signIn: signIn + catalog,
    providerSignIn: providerSignIn + catalog,
    dashboard: dashboard + catalog,
    dashboardSso: dashboardSso + catalog,
    floor: await frameworkFloor(),
    catalog,
  };
}

/**
 * The same libraries in a minimal app, with its CSS: a card with a 25-row table, built the way the
 * Hub is (compressed copies included) into `bench/.work/floor/dist`. What any page of this stack
 * costs at least; bench/lighthouse.ts serves it as the first row of its table.
 */
export async function buildFrameworkFloor(): Promise<{ dist: string; scripts: string[] }> {
  const root = join(import.meta.dirname, '.work', 'floor');
  await rm(root, { recursive: true, force: true });
  await mkdir(root, { recursive: true });
  await writeFile(
    join(root, 'index.html'),
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="description" content="Framework floor"><title>Floor</title></head><body><div id="root"></div><script type="module" src="./main.tsx"></script></body></html>',
  );
  await writeFile(
    join(root, 'main.tsx'),
    `import '@mantine/core/styles.css';
import { Card, MantineProvider, Table, Title } from '@mantine/core';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import i18next from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
await i18next.use(initReactI18next).init({ lng: 'en', resources: { en: { translation: { title: 'Files' } } } });
const rows = Array.from({ length: 25 }, (_, i) => ({ id: i + 1, name: 'INV_2026112' + i + '.xml', status: 'Delivered' }));
function Page() {
  const { t } = useTranslation();
  const { data } = useQuery({ queryKey: ['rows'], queryFn: async () => rows });
  return (
    <main style={{ padding: 16 }}>
      <Title order={1}>{t('title')}</Title>
      <Card withBorder>
        <Table striped>
          <Table.Thead><Table.Tr><Table.Th>Id</Table.Th><Table.Th>Name</Table.Th><Table.Th>Status</Table.Th></Table.Tr></Table.Thead>
          <Table.Tbody>{(data ?? []).map((row) => (
            <Table.Tr key={row.id}><Table.Td>{row.id}</Table.Td><Table.Td>{row.name}</Table.Td><Table.Td>{row.status}</Table.Td></Table.Tr>
          ))}</Table.Tbody>
        </Table>
      </Card>
    </main>
  );
}
const router = createBrowserRouter([{ path: '*', element: <Page /> }]);
createRoot(document.getElementById('root')!).render(
  <MantineProvider><QueryClientProvider client={new QueryClient()}><RouterProvider router={router} /></QueryClientProvider></MantineProvider>,
);`,
  );
  const dist = join(root, 'dist');
  const output = await build({
    root,
    configFile: false,
    logLevel: 'silent',
    resolve: { alias: {} },
    plugins: [react(), precompress()],
    build: { outDir: dist, target: 'es2022' },
  });
  const results = Array.isArray(output) ? output : [output];
  const scripts = results.flatMap((result) =>
    (result as { output: { type: string; fileName: string }[] }).output
      .filter((item) => item.type === 'chunk')
      .map((item) => join(dist, item.fileName)),
  );
  return { dist, scripts };
}

/** The floor's JavaScript, gzip. */
async function frameworkFloor(): Promise<number> {
  const { scripts } = await buildFrameworkFloor();
  let size = 0;
  for (const script of scripts) size += await gzipSize(script);
  return size;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const figures = await measureBundle();
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;
  console.log(
    `framework floor ${kb(figures.floor)}; sign-in ${kb(figures.signIn)}; provider sign-in ${kb(figures.providerSignIn)}; dashboard ${kb(figures.dashboard)} (gzip, one catalog of ${kb(figures.catalog)} included; goal ≤ 200 KB)`,
  );
}
