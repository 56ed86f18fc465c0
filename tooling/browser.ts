// A scripted browser for tests: real HTTP with a cookie jar (by host and path, as a browser keeps
// it), redirects followed by hand so that a test stops where the user agent would hand over to an
// application (the portal's callback, the shop's). Used by the provider's tests, the demo shop's,
// the adapters' integration tests and the scale-out test's clients.

interface Cookie {
  readonly name: string;
  readonly value: string;
  readonly host: string;
  readonly path: string;
}

export interface Page {
  readonly url: string;
  readonly status: number;
  readonly html: string;
  readonly headers: Headers;
}

/** A page, or the address of a redirect that was not followed (one of `stopAt`). */
export type Step = Page | { readonly stoppedAt: string };

export const isPage = (step: Step): step is Page => 'html' in step;

const decodeEntities = (s: string) =>
  s
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

export class Browser {
  readonly #cookies: Cookie[] = [];
  /** The `Accept-Language` header of every request. */
  acceptLanguage = 'de';

  #cookieHeader(url: URL): string {
    return this.#cookies
      .filter(
        (c) =>
          c.host === url.host &&
          (url.pathname === c.path || url.pathname.startsWith(c.path.endsWith('/') ? c.path : `${c.path}/`)),
      )
      .map((c) => `${c.name}=${c.value}`)
      .join('; ');
  }

  #store(url: URL, headers: Headers): void {
    for (const line of headers.getSetCookie()) {
      const [pair = '', ...attrs] = line.split(';').map((p) => p.trim());
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq);
      const value = pair.slice(eq + 1);
      let path = '/';
      let expired = value === '';
      for (const attr of attrs) {
        const [k = '', v = ''] = attr.split('=');
        if (k.toLowerCase() === 'path') path = v;
        if (k.toLowerCase() === 'max-age' && Number(v) <= 0) expired = true;
        if (k.toLowerCase() === 'expires' && Date.parse(v) < Date.now()) expired = true;
      }
      const i = this.#cookies.findIndex((c) => c.name === name && c.host === url.host && c.path === path);
      if (i >= 0) this.#cookies.splice(i, 1);
      if (!expired) this.#cookies.push({ name, value, host: url.host, path });
    }
  }

  /** One request, no redirect followed; a `form` is posted (unless `method` says otherwise) URL-encoded. */
  async request(
    url: string,
    init: { method?: string; form?: Record<string, string>; headers?: Record<string, string> } = {},
  ): Promise<Page> {
    const target = new URL(url);
    const response = await fetch(target, {
      method: init.method ?? (init.form ? 'POST' : 'GET'),
      redirect: 'manual',
      headers: {
        cookie: this.#cookieHeader(target),
        'accept-language': this.acceptLanguage,
        ...(init.form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
        ...init.headers,
      },
      ...(init.form ? { body: new URLSearchParams(init.form).toString() } : {}),
    });
    this.#store(target, response.headers);
    return { url: target.href, status: response.status, html: await response.text(), headers: response.headers };
  }

  /**
   * Follows redirects from `page` until a page is not a redirect, or the next location starts
   * with one of `stopAt` (an application's address): then that location is returned unvisited.
   */
  async follow(page: Page, stopAt: readonly string[] = []): Promise<Step> {
    let current = page;
    for (let hops = 0; hops < 20; hops += 1) {
      const location = current.headers.get('location');
      if (current.status < 300 || current.status >= 400 || !location) return current;
      const next = new URL(location, current.url).href;
      if (stopAt.some((prefix) => next.startsWith(prefix))) return { stoppedAt: next };
      current = await this.request(next);
    }
    throw new Error('too many redirects');
  }

  async go(url: string, stopAt: readonly string[] = []): Promise<Step> {
    return this.follow(await this.request(url), stopAt);
  }

  /** Submits the first form of the page with its hidden fields plus `fields`. */
  async submit(page: Page, fields: Record<string, string>, stopAt: readonly string[] = []): Promise<Step> {
    const form = /<form\b[^>]*>([\s\S]*?)<\/form>/i.exec(page.html);
    if (!form) throw new Error(`no form on ${page.url}`);
    const action = /action="([^"]*)"/i.exec(form[0])?.[1] ?? '';
    const hidden: Record<string, string> = {};
    for (const input of (form[1] ?? '').matchAll(/<input\b[^>]*type="hidden"[^>]*>/gi)) {
      const name = /name="([^"]*)"/.exec(input[0])?.[1];
      const value = /value="([^"]*)"/.exec(input[0])?.[1] ?? '';
      if (name) hidden[name] = decodeEntities(value);
    }
    const target = new URL(decodeEntities(action), page.url).href;
    return this.follow(await this.request(target, { form: { ...hidden, ...fields } }), stopAt);
  }
}
