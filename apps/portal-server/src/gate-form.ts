// The app access gate's missing attributes posted as a plain form (#28.10: the page works without
// JavaScript). POST /flows/auth?client_id=…: the gate's check again (as this user, through the
// proxy), the values by the gate's own rules, POST /AuthCheck, and a redirect as the answer: on
// to the claims refresh when nothing stands in the way any more (core's `gateShortcut`, where the
// page's machine goes), else back to the gate, which shows its state; values that were refused
// go back with it in a short-lived cookie (core's gate form), so the page shows them with their
// messages. A reload of the answer never posts again.
import { createApiClient, createPortalApi, serializeCookie } from '@portal/adapters';
import {
  authRoutes,
  decodeAuthCheckResult,
  encodeGateForm,
  gateFormCookie,
  gateFormCookieSeconds,
  gateShortcut,
  HttpError,
  validateAttributeValues,
  type AuthCheckResult,
} from '@portal/core';

export interface GateFormDeps {
  /** The portal's API base (`${portalUrl}/api`): the proxy answers it. */
  readonly apiUrl: string;
  readonly secureCookies: boolean;
}

export interface GateFormPost {
  /** The gate's address (`…/flows/auth?client_id=…`). */
  readonly url: string;
  readonly clientId: string;
  readonly form: URLSearchParams;
  readonly language: string | undefined;
  /** The API as this user: the proxy, with the session's token. */
  readonly fetch: (request: Request) => Promise<Response>;
}

export interface GateFormAnswer {
  readonly location: string;
  readonly setCookies: readonly string[];
}

/** The cookie that hands what was typed back to the gate's page (`value` '' with max-age 0 clears it). */
export function gateFormSetCookie(value: string, secure: boolean, maxAgeSeconds = gateFormCookieSeconds): string {
  return `${serializeCookie(gateFormCookie, value, {
    path: authRoutes.appGate,
    secure,
    sameSite: 'lax',
    maxAgeSeconds,
  })}; HttpOnly`;
}

export function createGateForm(deps: GateFormDeps) {
  return async function submit(post: GateFormPost): Promise<GateFormAnswer> {
    const client = createApiClient({
      // No token here: the proxy adds the session's, and refreshes it.
      baseUrl: deps.apiUrl,
      getLanguage: () => post.language,
      fetch: post.fetch,
    });
    const api = createPortalApi(client);
    const target = { clientId: post.clientId };
    const gatePath = `${authRoutes.appGate}?${new URLSearchParams({ client_id: post.clientId })}`;
    const back = (form?: { values: Record<string, string>; status?: number }): GateFormAnswer => {
      const value = form === undefined ? undefined : encodeGateForm({ clientId: post.clientId, ...form });
      return {
        location: gatePath,
        setCookies: value === undefined ? [] : [gateFormSetCookie(value, deps.secureCookies)],
      };
    };
    const onward = (result: AuthCheckResult): string | undefined => gateShortcut(result, post.url);

    // What stands in the way now (another tab may have changed it): only missing attributes are this form's.
    const check = decodeAuthCheckResult(await api.authCheck(target));
    if (check.status !== 'missingAttributes') return back();
    // Exactly the missing attributes' fields, as typed (a field the form did not send is empty).
    const values: Record<string, string> = {};
    for (const attribute of check.attributes) {
      const value = post.form.get(attribute.key);
      values[attribute.key] = value ?? '';
    }
    if (Object.keys(validateAttributeValues(check.attributes, values)).length > 0) return back({ values });
    let result: AuthCheckResult;
    try {
      result = decodeAuthCheckResult(await api.submitAttributes(target, values));
    } catch (error) {
      // Refused, or the API did not answer: the page again, with what was typed and why.
      return back({ values, status: error instanceof HttpError && error.status >= 400 ? error.status : 502 });
    }
    const next = onward(result);
    if (next !== undefined) return { location: next, setCookies: [] };
    return result.status === 'missingAttributes' ? back({ values }) : back();
  };
}

export type GateForm = ReturnType<typeof createGateForm>;
