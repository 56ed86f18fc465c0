// Start: read the runtime configuration, build the services, pick the language, render.
import { createRoot } from 'react-dom/client';
import './styles.css';
import { loadRuntimeConfig } from './config.ts';
import { createServices } from './composition-root.ts';
import { createI18n } from './i18n/i18n.ts';
import { initialLanguage } from './i18n/languages.ts';
import { App } from './app/app.tsx';

async function start() {
  const root = document.getElementById('root');
  if (root === null) return;
  const config = await loadRuntimeConfig();
  const services = createServices(config);
  const i18n = await createI18n(initialLanguage(services.ports.localeStore.read()));
  services.setLanguageSource(() => i18n.resolvedLanguage ?? i18n.language);
  createRoot(root).render(<App services={services} i18n={i18n} />);
}

start().catch((error: unknown) => {
  console.error('[portal] could not start', error);
});
