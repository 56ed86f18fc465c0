// Playwright's webServer waits for the portal; the other servers of the stack (and MailDev) must
// answer too before the first spec runs.
import { e2ePorts } from './playwright.config.ts';

const urls = [
  `http://localhost:${e2ePorts.API_PORT}/health`,
  `http://localhost:${e2ePorts.IDP_PORT}/b2c_1a_signin/v2.0/.well-known/openid-configuration`,
  `http://localhost:${e2ePorts.DEALER_SHOP_PORT}/`,
  `http://localhost:${e2ePorts.PORTAL_PORT}/`,
  `http://localhost:${e2ePorts.MAILDEV_WEB_PORT}/api/healthz`,
];

export default async function waitForStack() {
  const until = Date.now() + 120_000;
  for (const url of urls) {
    for (;;) {
      try {
        if ((await fetch(url)).ok) break;
      } catch {
        /* not up yet */
      }
      if (Date.now() > until) throw new Error(`${url} did not answer`);
      await new Promise((r) => setTimeout(r, 250));
    }
  }
}
