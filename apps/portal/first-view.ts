// The first view rendered on the portal server (issue #16, ADR 0013): what the portal server
// asks of the portal's server bundle (`src/server-render.tsx`, built to `dist-ssr/`) and what
// that answers. Types and names only: the browser's code reads the same data block names.
import type { MyApplication } from '@portal/adapters';
import type { ApplicationBranding, AuthCheckResult, GateFormReturn } from '@portal/core';
import type { RuntimeConfig } from './runtime-config.ts';

export interface FirstViewRequest {
  /** The address's path (`/settings/security`). */
  readonly path: string;
  /** The address's query without `?`. */
  readonly search: string;
  /** The request's Cookie header (the device's language and theme; the session cookie is the server's). */
  readonly cookieHeader: string | undefined;
  /** The page's boot data, as the `hk-boot` block carries it (who is signed in, a sign-in error). */
  readonly boot: unknown;
  /** The page's language (allow-listed by the server). */
  readonly language: string;
  readonly config: RuntimeConfig;
  /** The API as this request's user: the portal server's proxy, with the session's token. */
  readonly fetch: (request: Request) => Promise<Response>;
}

/** The data the first view was rendered with: the client hydrates with it instead of loading it again. */
export interface FirstViewData {
  readonly myApps?: { readonly userId: string; readonly list: readonly MyApplication[] };
  /** The branding of the address's `client_id` (external-app mode). */
  readonly externalApp?: ApplicationBranding;
  /**
   * The gate's first check, asked while planning the page (#28.10): its page starts in that state
   * (and works without JavaScript); `form`: what was typed into its form before, when the server
   * sent it back.
   */
  readonly gate?: { readonly clientId: string; readonly result: AuthCheckResult; readonly form?: GateFormReturn };
}

export type GreetingTexts = Readonly<Record<'morning' | 'day' | 'evening', string>>;

/** What the answer will be, known before the page is rendered: the server sends the page's head meanwhile. */
export type FirstViewPlan =
  /** The route sends this request elsewhere (a signed-out visitor to the login page, an open gate to the application). */
  | { readonly kind: 'redirect'; readonly location: string }
  /** `title`: the document's `<title>`, the page's translated title with the brand as suffix. */
  | { readonly kind: 'page'; readonly status: 200 | 404; readonly title: string };

export type FirstViewAnswer =
  /** `html`: the inside of `<div id="root">`; `greetings`: the heading for each time of day (the launcher). */
  | { readonly kind: 'page'; readonly html: string; readonly data: FirstViewData; readonly greetings?: GreetingTexts }
  /** Not rendered here (an error, a redirect found only while rendering): the client renders the page. */
  | { readonly kind: 'client'; readonly reason: string };

/**
 * Rendered pages the portal server keeps (#28.15, ADR 0028), one store per user and language: a
 * page is looked up by a key made of everything its render reads (the address, the language, the
 * boot data, the data it shows, the request's cookies, the hour), so new data is a new key.
 */
export interface FirstViewCache {
  get(key: string): FirstViewAnswer | undefined;
  set(key: string, answer: FirstViewAnswer): void;
}

/** One request's first view: its plan at once, its rendering when the server asks for it. */
export interface FirstView {
  readonly plan: Promise<FirstViewPlan>;
  /** With `cache`, a page rendered before from the same inputs is answered from it (and a new one kept). */
  render(cache?: FirstViewCache): Promise<FirstViewAnswer>;
}

export type StartFirstView = (request: FirstViewRequest) => FirstView;

/** The ids of the page's data blocks (JSON, not script: the CSP stays strict). */
export const firstViewDataId = 'hk-first-view';
export const greetingTextsId = 'hk-greetings';
