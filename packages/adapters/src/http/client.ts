// The API client: openapi-fetch typed from @portal/contract, on the configured API base URL,
// over the resilient fetch of api-fetch.ts. `unwrap` turns an answer into its data or
// core's HttpError (status + body), which core's `toPortalError` maps (spec §8).

import createClient from 'openapi-fetch';
import type { Client } from 'openapi-fetch';
import type { paths } from '@portal/contract';
import { HttpError } from '@portal/core';
import type { ApiFetchOptions } from './api-fetch.ts';
import { createApiFetch } from './api-fetch.ts';

export type ApiClient = Client<paths>;

export type ApiClientOptions = ApiFetchOptions;

export function createApiClient(options: ApiClientOptions): ApiClient {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  return createClient<paths>({
    baseUrl,
    headers: { accept: 'application/json' },
    fetch: createApiFetch({ ...options, baseUrl }),
  });
}

/** The parts of an openapi-fetch answer `unwrap` reads. */
export interface FetchResult<T> {
  readonly data?: T;
  readonly error?: unknown;
  readonly response: Response;
}

/** The data of a successful answer; otherwise throws HttpError(status, error body). */
export async function unwrap<T>(call: Promise<FetchResult<T>>): Promise<T> {
  const { data, error, response } = await call;
  if (!response.ok) throw new HttpError(response.status, error ?? null);
  // A success answer whose body is not JSON (e.g. an HTML page from a proxy) is no answer.
  if (data === undefined && response.status !== 204)
    throw new HttpError(response.status === 200 ? 502 : response.status, null);
  return data as T;
}

/** For calls answered with 204 or a body the caller ignores. */
export async function unwrapVoid(call: Promise<FetchResult<unknown>>): Promise<void> {
  const { error, response } = await call;
  if (!response.ok) throw new HttpError(response.status, error ?? null);
}
