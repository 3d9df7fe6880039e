import './status-page.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { initStatusI18n, pageLanguage } from './status-i18n';
import { StatusPage } from './status-page';
import { firstPublicStatus } from './use-public-status';

/*
 * The public status page, a build of its own (apps/web/build/status-page-build.ts): React, i18next
 * and this folder, nothing of the signed-in app, so that it loads when the rest struggles.
 */
async function start() {
  const storage = (() => {
    try {
      return window.localStorage;
    } catch {
      return undefined;
    }
  })();
  // The words and the first answer arrive together: the first paint shows the whole page.
  const [i18n, initial] = await Promise.all([
    initStatusI18n(pageLanguage(window.location, storage, navigator.language)),
    firstPublicStatus(),
  ]);
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <StatusPage initial={initial} />
      </I18nextProvider>
    </StrictMode>,
  );
}

start().catch((error: unknown) => {
  // Its words did not arrive even after the retries: say so in place of "Loading…", which is all
  // the page has in English before its catalog.
  console.error(error);
  const loading = document.querySelector('.status-loading');
  if (loading) loading.textContent = 'The status could not be loaded. Reload the page to try again.';
});
