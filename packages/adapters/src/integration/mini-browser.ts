// A scripted user agent for the integration tests: real HTTP, a cookie jar per host,
// redirects followed by hand so the test stops where the browser would hand the callback
// to the portal.

export interface Page {
  readonly url: string;
  readonly status: number;
  readonly html: string;
  readonly headers: Headers;
}

export type Step = Page | { readonly stoppedAt: string };

export const isPage = (step: Step): step is Page => 'html' in step;

const decodeEntities = (s: string) =>
  s
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

export class MiniBrowser {
  readonly #cookies = new Map<string, Map<string, string>>();

  #cookieHeader(url: URL): string {
    return [...(this.#cookies.get(url.host) ?? new Map<string, string>())].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  #store(url: URL, headers: Headers): void {
    const jar = this.#cookies.get(url.host) ?? new Map<string, string>();
    for (const line of headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';').map((p) => p.trim());
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq);
      const value = pair.slice(eq + 1);
      const expired =
        value === '' ||
        attributes.some(
          (a) => /^max-age=(0|-)/i.test(a) || (/^expires=/i.test(a) && Date.parse(a.slice(8)) < Date.now()),
        );
      if (expired) jar.delete(name);
      else jar.set(name, value);
    }
    this.#cookies.set(url.host, jar);
  }

  async request(url: string, form?: Record<string, string>): Promise<Page> {
    const target = new URL(url);
    const response = await fetch(target, {
      method: form === undefined ? 'GET' : 'POST',
      redirect: 'manual',
      headers: {
        cookie: this.#cookieHeader(target),
        'accept-language': 'de',
        ...(form === undefined ? {} : { 'content-type': 'application/x-www-form-urlencoded' }),
      },
      ...(form === undefined ? {} : { body: new URLSearchParams(form).toString() }),
    });
    this.#store(target, response.headers);
    return { url: target.href, status: response.status, html: await response.text(), headers: response.headers };
  }

  /** Follow redirects until a page, or a location that starts with one of `stopAt` (returned unvisited). */
  async follow(page: Page, stopAt: readonly string[]): Promise<Step> {
    let current = page;
    for (let hops = 0; hops < 20; hops += 1) {
      const location = current.headers.get('location');
      if (current.status < 300 || current.status >= 400 || location === null) return current;
      const next = new URL(location, current.url).href;
      if (stopAt.some((prefix) => next.startsWith(prefix))) return { stoppedAt: next };
      current = await this.request(next);
    }
    throw new Error('too many redirects');
  }

  async go(url: string, stopAt: readonly string[]): Promise<Step> {
    return this.follow(await this.request(url), stopAt);
  }

  /** Submit the page's first form with its hidden fields plus `fields`. */
  async submit(page: Page, fields: Record<string, string>, stopAt: readonly string[]): Promise<Step> {
    const form = /<form\b[^>]*>([\s\S]*?)<\/form>/i.exec(page.html);
    if (form === null) throw new Error(`no form on ${page.url}`);
    const action = /action="([^"]*)"/i.exec(form[0])?.[1] ?? '';
    const hidden: Record<string, string> = {};
    for (const input of (form[1] ?? '').matchAll(/<input\b[^>]*type="hidden"[^>]*>/gi)) {
      const name = /name="([^"]*)"/.exec(input[0])?.[1];
      const value = /value="([^"]*)"/.exec(input[0])?.[1] ?? '';
      if (name !== undefined) hidden[name] = decodeEntities(value);
    }
    const target = new URL(decodeEntities(action), page.url).href;
    return this.follow(await this.request(target, { ...hidden, ...fields }), stopAt);
  }
}
