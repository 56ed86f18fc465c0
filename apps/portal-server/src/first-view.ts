// The first view rendered here (issue #16, ADR 0013): the portal's server bundle
// (apps/portal/dist-ssr, built from src/server-render.tsx) renders each page with the same
// route table and components as the browser; this server loads it at start, gives it the
// request (its user, its language, the API through this server's proxy) and writes the answer
// into index.html. A build without the bundle, or a render that fails, serves the page as
// before: empty, rendered by the client.
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { greeting } from '@portal/core';
import type { StartFirstView } from '@portal/portal/first-view';

/**
 * Sets the launcher's heading to the browser's time of day before the page paints (the server
 * does not know the user's clock): run inline right after the rendered root, so the hydration
 * finds the text the client renders and nothing changes on screen. Core's own rule decides.
 */
export const greetingScript = `(function(greeting){var texts=document.getElementById('hk-greetings');var heading=document.querySelector('#root [data-greeting]');if(texts===null||heading===null)return;var text=JSON.parse(texts.textContent||'{}')[greeting(new Date().getHours())];if(typeof text==='string')heading.textContent=text;})(${greeting.toString()});`;

/** The CSP source that allows exactly this inline script (no nonce: the script never changes). */
export const greetingScriptSource = `'sha256-${createHash('sha256').update(greetingScript).digest('base64')}'`;

/** The renderer of the portal's server bundle, or undefined when the build has none. */
export async function loadFirstViewRenderer(
  entry: string,
  log: (entry: Record<string, unknown>) => void,
): Promise<StartFirstView | undefined> {
  if (!existsSync(entry)) {
    log({ firstView: 'off', reason: `no server bundle at ${entry}: pages are rendered by the client` });
    return undefined;
  }
  const module = (await import(pathToFileURL(entry).href)) as { startFirstView?: StartFirstView };
  if (typeof module.startFirstView !== 'function')
    throw new Error(`portal-server: ${entry} does not export startFirstView`);
  return module.startFirstView;
}
