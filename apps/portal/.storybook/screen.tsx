// A screen of the portal for Storybook: the whole app (shell, guards, layouts, the route's
// page) at an address of wouter's memory location, on the composition root's services built
// over in-memory ports: a memory cookie jar (theme and language cookies), core's fake
// navigator and marker store, and the in-memory API of memory-api.ts as the API client's and
// the session list's fetch. Nothing reaches the network.
import { useState } from 'react';
import type { i18n as I18n } from 'i18next';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { GlobalPermission, SignedInUser, Theme } from '@portal/core';
import { createFakeNavigator, createMemoryMarkerStore } from '@portal/core/testing';
import {
  createCookieLocaleStore,
  createCookieThemeStore,
  createMemoryCookieJar,
  createMySessionsApi,
} from '@portal/adapters';
import { App } from '../src/app/app.tsx';
import { createServices, type Services } from '../src/composition-root.ts';
import { decodeRuntimeConfig } from '../src/config.ts';
import { queryClient } from '../src/app/server-data.ts';
import type { Language } from '../src/i18n/languages.ts';
import { createMemoryApi, type ScreenData } from './memory-api.ts';

export type { ScreenData };

/** What the preview's loader hands every story (`loaded`). */
export interface StoryLoaded {
  readonly i18n: I18n;
  readonly language: Language;
  readonly theme: Theme;
}

export interface ScreenProps {
  /** The address, with its query (`/flows/auth?client_id=…`). */
  readonly path: string;
  /** The signed-in user (the server's boot data); none: signed out. */
  readonly user?: SignedInUser;
  readonly data?: ScreenData;
}

const permissionsOfAnAdministrator: GlobalPermission[] = [
  'applications.read',
  'applications.write',
  'roles.read',
  'roles.write',
  'permissions.read',
  'permissions.write',
  'attributes.read',
  'accountaccesses.read',
  'customflows.read',
  'all_users.read',
  'access_requests.manage',
];

/** A partner with no console rights (`id`: each story its own, so no cache of another story answers). */
function partner(id: string): SignedInUser {
  return {
    id,
    issuer: 'https://idp.example.test/',
    email: 'dana.decker@example.test',
    fullName: 'Dana Decker',
    hkData: { attributes: { firstName: 'Dana', lastName: 'Decker' }, permissions: [], internal: false },
  };
}

/**
 * A partner's story: its `parameters`, the screen at `path` for the partner `id` with `data`
 * (a partner administers nothing: no administrable application unless `data` names some).
 */
export function partnerScreen(path: string, id: string, data: ScreenData = {}): { readonly screen: ScreenProps } {
  return { screen: { path, user: partner(id), data: { administrable: [], ...data } } };
}

/** An administrator of the whole console. */
export function administrator(id: string): SignedInUser {
  return {
    id,
    issuer: 'https://idp.example.test/',
    email: 'alex.admin@example.test',
    fullName: 'Alex Admin',
    hkData: {
      attributes: { firstName: 'Alex', lastName: 'Admin' },
      permissions: permissionsOfAnAdministrator,
      internal: true,
    },
  };
}

function storyServices({ user, data = {} }: ScreenProps, { language, theme }: StoryLoaded): Services {
  const origin = window.location.origin;
  const config = decodeRuntimeConfig({
    portalUrl: origin,
    apiUrl: `${origin}/api`,
    clientId: 'hk-portal',
    apiScope: 'api://portal-api/access',
    brandName: 'HK Küchen',
    environment: 'test',
    idp: {
      authority: 'https://idp.example.test',
      policies: { signIn: 'b2c_1a_signin', refresh: 'b2c_1a_refresh' },
      changes: { password: true, email: true },
    },
  });
  // The app's query cache lives as long as the page (the story file): no answer of the story before.
  queryClient.clear();
  const cookieJar = createMemoryCookieJar();
  createCookieThemeStore(cookieJar).write(theme);
  createCookieLocaleStore(cookieJar).write(language);
  const api = createMemoryApi(data);
  const services = createServices(config, user === undefined ? {} : { user }, {
    cookieJar,
    navigator: createFakeNavigator(`${origin}/`),
    markerStore: createMemoryMarkerStore(),
    fetch: (request) => api.fetch(request),
  });
  services.setLanguageSource(() => language);
  // The portal server's session list, over the same in-memory server.
  const mySessions = createMySessionsApi({
    getLanguage: () => language,
    onUnauthenticated: () => undefined,
    fetch: (input, init) => api.fetch(input, init),
  });
  return { ...services, mySessions };
}

/**
 * How long a story's play function waits for its screen: the route's page and the console
 * are chunks of their own, transformed on first request by the dev server (slow when cold).
 */
export const shown = { timeout: 15_000 } as const;

/** A story's `render`: the screen its `parameters.screen` describes. */
export function renderScreen(
  _args: unknown,
  { parameters, loaded }: { readonly parameters: Record<string, unknown>; readonly loaded: Record<string, unknown> },
) {
  const screen = parameters.screen as ScreenProps | undefined;
  if (screen === undefined) throw new Error('A screen story names its screen in parameters.screen');
  return <Screen {...screen} loaded={loaded as unknown as StoryLoaded} />;
}

/** The app at `path` for the story's user and data, in the story's language. */
function Screen({ loaded, ...props }: ScreenProps & { readonly loaded: StoryLoaded }) {
  // Built once per story: a render of the same story keeps its services and its address.
  const [services] = useState(() => storyServices(props, loaded));
  const [location] = useState(() => memoryLocation({ path: props.path }));
  return (
    <Router hook={location.hook} searchHook={location.searchHook}>
      <App services={services} i18n={loaded.i18n} />
    </Router>
  );
}
