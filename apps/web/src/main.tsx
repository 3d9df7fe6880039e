// First: zod must not probe `new Function` (CSP) when the contracts' schemas are built.
import './lib/zod-jitless';
import '@mantine/core/styles.css';
import 'mantine-datatable/styles.css';
import './app/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { SILENT_RENEW_PATH } from '@service-hub/contracts';
import { App } from './app/app';
import { installGlobalErrorHandlers } from './lib/feedback/global-error-handler';
import { initI18n } from './lib/i18n';
import { loadRuntimeConfig } from './lib/runtime-config';
import { initAuthSession } from './lib/session/auth-session';
import { completeSilentRenewal } from './lib/session/sso-session';

const root = createRoot(document.getElementById('root')!);

async function start() {
  installGlobalErrorHandlers();
  // Inside the hidden renewal iframe: hand the provider's answer to the page and show nothing.
  // It needs no texts, so it loads no catalog: the renewal waits for this frame, and on a busy
  // machine every chunk it spares counts.
  if (window.location.pathname === SILENT_RENEW_PATH) {
    await completeSilentRenewal(await loadRuntimeConfig());
    return;
  }
  const [config, i18n] = await Promise.all([loadRuntimeConfig(), initI18n()]);
  initAuthSession(config);
  if (config.tagManagerScript) {
    // The environment picks the production or test container; it may load a consent tool.
    const script = document.createElement('script');
    script.src = config.tagManagerScript;
    script.async = true;
    document.head.append(script);
  }
  root.render(
    <StrictMode>
      <App config={config} i18n={i18n} />
    </StrictMode>,
  );
}

start().catch((error: unknown) => {
  console.error(error);
  // Nothing is translated yet if start-up failed this early; show a plain, bilingual-free notice.
  const message = document.createElement('p');
  message.setAttribute('role', 'alert');
  message.textContent = 'Service Hub could not start. Please reload the page in a moment.';
  document.getElementById('root')?.replaceChildren(message);
});
