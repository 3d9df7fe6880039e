import '@mantine/core/styles.css';
import 'mantine-datatable/styles.css';
import './app/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { installGlobalErrorHandlers } from './lib/feedback/global-error-handler';
import { initI18n } from './lib/i18n';
import { loadRuntimeConfig } from './lib/runtime-config';
import { initAuthSession } from './lib/session/auth-session';

const root = createRoot(document.getElementById('root')!);

async function start() {
  installGlobalErrorHandlers();
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
