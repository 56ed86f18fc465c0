import { describe, expect, it } from 'vitest';
import {
  HttpError,
  IdentityProviderError,
  errorPage,
  fieldErrors,
  fromHttpStatus,
  isHttpError,
  isIdentityProviderError,
  isPortalError,
  isPortalFailure,
  pageErrorStatus,
  PortalFailure,
  plainText,
  readServerError,
  toPortalError,
  toastError,
  unplacedMessages,
} from './errors.ts';
import type { PortalError } from './errors.ts';
import { identityError } from './identity-error.ts';
import { saidBesideFields } from './said-beside-fields.ts';

describe('page error codes', () => {
  it.each([
    [400, 400],
    [401, 401],
    [403, 403],
    [404, 404],
    [500, 500],
    [418, 500],
    [422, 500],
    [502, 500],
    [undefined, 500],
  ])('%s → %s', (input, expected) => {
    expect(pageErrorStatus(input)).toBe(expected);
  });
});

describe('server errors', () => {
  it('reads code, message and errors[] from error', () => {
    expect(
      readServerError({
        error: {
          code: 'VALIDATION',
          message: 'Invalid',
          errors: [{ message: 'too long', field: 'label' }, { message: 'bad' }, 42],
        },
      }),
    ).toEqual({
      code: 'VALIDATION',
      message: 'Invalid',
      errors: [{ message: 'too long', field: 'label' }, { message: 'bad' }],
    });
    expect(readServerError({ error: { code: 7 } })).toEqual({ code: '7', errors: [] });
    expect(readServerError({ error: {} })).toEqual({ errors: [] });
  });

  it.each([[null], ['<html>502</html>'], [{}], [{ error: 'x' }], [undefined]])(
    'an unknown shape %j gives nothing (the generic message)',
    (body) => {
      expect(readServerError(body)).toBeUndefined();
    },
  );

  it.each([
    ['error missing', { code: 'X' }],
    ['error an array', { error: [] }],
    ['error null', { error: null }],
    ['code a boolean', { error: { code: true } }],
    ['code null', { error: { code: null } }],
    ['message a number', { error: { message: 1 } }],
    ['errors not an array', { error: { errors: { message: 'x' } } }],
  ])('an ill-typed body (%s) gives nothing', (_label, body) => {
    expect(readServerError(body)).toBeUndefined();
    expect(fromHttpStatus(400, body)).toEqual({ kind: 'http', status: 400, httpStatus: 400 });
  });

  it('skips ill-typed entries of errors[] (no message, message not text, field not text)', () => {
    expect(
      readServerError({
        error: {
          code: 'V',
          errors: [
            { field: 'a' },
            { message: 1 },
            { message: 'm', field: 2 },
            null,
            'x',
            { message: 'ok', field: undefined },
          ],
        },
      }),
    ).toEqual({ code: 'V', errors: [{ message: 'ok' }] });
  });

  it('maps field errors onto fields (first message wins)', () => {
    const error = fromHttpStatus(422, {
      error: { errors: [{ message: 'a', field: 'url' }, { message: 'b', field: 'url' }, { message: 'c' }] },
    });
    expect(fieldErrors(error)).toEqual({ url: 'a' });
    expect(fieldErrors(fromHttpStatus(400))).toEqual({});
    expect(fieldErrors({ kind: 'unexpected', status: 500 })).toEqual({});
  });

  it('cleans server text to plain text, cut to a sane length', () => {
    expect(plainText('a\u0000b\n\n c')).toBe('a b c');
    const long = plainText('x'.repeat(1000));
    expect(Array.from(long)).toHaveLength(300);
    expect(long.endsWith('…')).toBe(true);
  });
});

describe('thrown values', () => {
  it('HTTP errors keep their status (unknown → 500), everything else is 500', () => {
    expect(toPortalError(new HttpError(403, null))).toEqual({ kind: 'http', status: 403, httpStatus: 403 });
    expect(toPortalError(new HttpError(503, { error: { message: 'down' } }))).toEqual({
      kind: 'http',
      status: 500,
      httpStatus: 503,
      server: { message: 'down', errors: [] },
    });
    expect(toPortalError(new TypeError('Failed to fetch'))).toEqual({ kind: 'unexpected', status: 500 });
    expect(toPortalError('boom')).toEqual({ kind: 'unexpected', status: 500 });
    const page: PortalError = { kind: 'page', status: 404 };
    expect(toPortalError(page)).toBe(page);
  });

  it('a thrown portal error is an Error that carries it (only an Error is thrown, #31.6)', () => {
    const expired: PortalError = { kind: 'auth', status: 500, code: 'auth.sessionExpired' };
    const failure = new PortalFailure(expired);
    expect(failure).toBeInstanceOf(Error);
    expect(isPortalError(failure)).toBe(false);
    expect(toPortalError(failure)).toBe(expired);
    expect(isPortalFailure(failure)).toBe(true);
    expect(isPortalFailure(expired)).toBe(false);
  });

  it('recognises errors by tag across realms', () => {
    expect(isHttpError({ _tag: 'HttpError', status: 1 })).toBe(true);
    expect(isHttpError(null)).toBe(false);
    expect(isIdentityProviderError(new IdentityProviderError('invalid_grant'))).toBe(true);
    expect(isIdentityProviderError({ _tag: 'IdentityProviderError' })).toBe(true);
    expect(isIdentityProviderError(undefined)).toBe(false);
    expect(new IdentityProviderError('x', 'AADB2C1').errorDescription).toBe('AADB2C1');
    expect(isPortalError({ kind: 'nope' })).toBe(false);
    expect(isPortalError(null)).toBe(false);
  });
});

describe('identity errors', () => {
  const signedIn = {
    signedIn: true,
    currentUrl: 'http://localhost:5173/settings?error=x&state=y',
    storedReferrer: '/admin',
  };
  const signedOut = {
    signedIn: false,
    currentUrl: 'http://localhost:5173/auth/login?error=x',
    storedReferrer: '/admin/roles',
  };

  it('AADB2C90091 (cancelled): signed in → the same page without the query; else → the stored referrer', () => {
    const params = {
      error: 'access_denied',
      error_description: 'AADB2C90091: The user has cancelled entering self-asserted information.',
    };
    expect(identityError(params, signedIn)).toEqual({ kind: 'cancelled', redirectTo: '/settings' });
    expect(identityError(params, signedOut)).toEqual({ kind: 'cancelled', redirectTo: '/admin/roles' });
    expect(identityError(params, { signedIn: false, currentUrl: 'http://x/' })).toEqual({
      kind: 'cancelled',
      redirectTo: '/',
    });
    expect(identityError(params, { signedIn: true, currentUrl: 'http://localhost:5173?x=1' })).toEqual({
      kind: 'cancelled',
      redirectTo: '/',
    });
  });

  it('other AADB2C descriptions: 500 with the description as plain text, cut to length', () => {
    expect(
      identityError(
        {
          error: 'server_error',
          error_description: 'AADB2C90118: The user has forgotten their password.\r\nCorrelation ID: 1',
        },
        signedOut,
      ),
    ).toEqual({
      kind: 'auth',
      status: 500,
      code: 'auth.identityProvider',
      detail: 'AADB2C90118: The user has forgotten their password. Correlation ID: 1',
    });
    const long = identityError({ error_description: `AADB2C99999: ${'<b>'.repeat(500)}` }, signedOut);
    expect(long?.kind === 'auth' && Array.from(long.detail ?? '').length).toBe(300);
  });

  it('an error without AADB2C description is a 500 without detail; no error at all is nothing', () => {
    expect(identityError({ error: 'server_error', error_description: 'broken' }, signedOut)).toEqual({
      kind: 'auth',
      status: 500,
      code: 'auth.providerRejected',
    });
    expect(identityError({ error: 'temporarily_unavailable' }, signedOut)).toEqual({
      kind: 'auth',
      status: 500,
      code: 'auth.providerRejected',
    });
    expect(identityError({}, signedOut)).toBeUndefined();
  });

  it("a standard provider's errors the user can act on each have their own code", () => {
    const code = (error: string, error_description?: string) =>
      identityError(error_description === undefined ? { error } : { error, error_description }, signedOut);
    expect(code('login_required')).toEqual({ kind: 'auth', status: 500, code: 'auth.loginRequired' });
    expect(code('access_denied', 'The user denied')).toEqual({ kind: 'auth', status: 500, code: 'auth.accessDenied' });
    expect(code('interaction_required')).toEqual({ kind: 'auth', status: 500, code: 'auth.interactionRequired' });
    expect(code('consent_required')).toEqual({ kind: 'auth', status: 500, code: 'auth.interactionRequired' });
    // B2C's cancel stays a cancel, whatever its `error`.
    expect(code('access_denied', 'AADB2C90091: The user has cancelled')).toMatchObject({ kind: 'cancelled' });
  });
});

describe('error page and toast', () => {
  it('page titles and descriptions by status, message only when given', () => {
    expect(errorPage({ kind: 'page', status: 404 })).toEqual({
      status: 404,
      titleKey: 'errors.page.404.title',
      descriptionKey: 'errors.page.404.description',
    });
    expect(errorPage({ kind: 'page', status: 400, message: 'Bad\nthing' })).toMatchObject({ message: 'Bad thing' });
    expect(
      errorPage(
        fromHttpStatus(403, { error: { message: 'Kein Zugriff' } }) as Exclude<PortalError, { kind: 'cancelled' }>,
      ),
    ).toMatchObject({ status: 403, message: 'Kein Zugriff' });
    expect(errorPage(fromHttpStatus(401) as Exclude<PortalError, { kind: 'cancelled' }>)).toEqual({
      status: 401,
      titleKey: 'errors.page.401.title',
      descriptionKey: 'errors.page.401.description',
    });
    expect(errorPage({ kind: 'unexpected', status: 500 }).descriptionKey).toBe('errors.page.500.description');
  });

  it('the missing auth state record shows the missing-cookie text; identity errors show their detail', () => {
    expect(errorPage({ kind: 'auth', status: 500, code: 'auth.missingAuthState' })).toEqual({
      status: 500,
      titleKey: 'errors.page.500.title',
      descriptionKey: 'errors.auth.missingTemporaryCookie',
    });
    expect(errorPage({ kind: 'auth', status: 500, code: 'auth.missingTemporaryCookie' }).descriptionKey).toBe(
      'errors.auth.missingTemporaryCookie',
    );
    expect(errorPage({ kind: 'auth', status: 500, code: 'auth.identityProvider', detail: 'AADB2C1' })).toMatchObject({
      descriptionKey: 'errors.auth.identityProvider',
      message: 'AADB2C1',
    });
  });

  it('toast: title Fehler, 4000 ms, danger', () => {
    expect(toastError({ kind: 'unexpected', status: 500 })).toEqual({
      titleKey: 'errors.toast.title',
      descriptionKey: 'errors.page.500.description',
      durationMs: 4000,
      variant: 'danger',
    });
    expect(toastError(fromHttpStatus(400, { error: { message: 'Name fehlt' } }))).toMatchObject({
      message: 'Name fehlt',
      durationMs: 4000,
      variant: 'danger',
    });
    expect(toastError({ kind: 'cancelled', redirectTo: '/' })).toEqual({
      titleKey: 'errors.toast.title',
      durationMs: 4000,
      variant: 'danger',
    });
  });
});

describe('errors[] of a server answer (spec §8, #17.3)', () => {
  const answer = fromHttpStatus(400, {
    error: {
      code: '400',
      message: 'Die Anfrage ist ungültig.',
      errors: [
        { field: 'label', message: 'Dieses Feld ist erforderlich.' },
        { field: 'webhook.headers.0.key', message: 'Der Header „Cookie“ darf nicht gesetzt werden.' },
        { message: 'Die Rolle r-1 gehört nicht zu dieser Anwendung.' },
        { message: 'Die Rolle r-1 gehört nicht zu dieser Anwendung.' },
        { message: 'Die Anfrage ist ungültig.' },
      ],
    },
  });
  const shows = (field: string) => field === 'label';

  it('the messages no field shows: without a field, or naming a field the form does not show; once each', () => {
    expect(unplacedMessages(answer, shows)).toEqual([
      'Der Header „Cookie“ darf nicht gesetzt werden.',
      'Die Rolle r-1 gehört nicht zu dieser Anwendung.',
    ]);
    expect(unplacedMessages(answer)).toEqual([
      'Dieses Feld ist erforderlich.',
      'Der Header „Cookie“ darf nicht gesetzt werden.',
      'Die Rolle r-1 gehört nicht zu dieser Anwendung.',
    ]);
    expect(unplacedMessages({ kind: 'unexpected', status: 500 })).toEqual([]);
    expect(unplacedMessages(fromHttpStatus(404))).toEqual([]);
  });

  it('the toast lists them as details, never a message shown beside its field', () => {
    expect(toastError(answer, shows)).toEqual({
      titleKey: 'errors.toast.title',
      descriptionKey: 'errors.page.400.description',
      durationMs: 4000,
      variant: 'danger',
      message: 'Die Anfrage ist ungültig.',
      details: ['Der Header „Cookie“ darf nicht gesetzt werden.', 'Die Rolle r-1 gehört nicht zu dieser Anwendung.'],
    });
    // The answer's message is the field's own message: beside the field only, the toast says the general text.
    const taken = fromHttpStatus(409, {
      error: {
        code: 'key.taken',
        message: 'Der Schlüssel „a“ ist bereits vergeben.',
        errors: [{ field: 'key', message: 'Der Schlüssel „a“ ist bereits vergeben.' }],
      },
    });
    expect(toastError(taken, (field) => field === 'key')).toEqual({
      titleKey: 'errors.toast.title',
      descriptionKey: 'errors.page.500.description',
      durationMs: 4000,
      variant: 'danger',
    });
    expect(toastError(taken)).toMatchObject({ message: 'Der Schlüssel „a“ ist bereits vergeben.' });
    expect(toastError(taken)).not.toHaveProperty('details');
  });

  it('says whether the form shows every message of the answer beside its field (#30.8)', () => {
    const taken = fromHttpStatus(409, {
      error: {
        message: 'Der Schlüssel „a“ ist bereits vergeben.',
        errors: [{ field: 'key', message: 'Der Schlüssel „a“ ist bereits vergeben.' }],
      },
    });
    const invalidKey = fromHttpStatus(400, {
      error: { message: 'Die Anfrage ist ungültig.', errors: [{ field: 'key', message: 'Ungültiger Wert.' }] },
    });
    const onKey = (field: string) => field === 'key';
    expect(saidBesideFields(taken, onKey)).toBe(true);
    // A refused key is one message, beside the field: the general "Die Anfrage ist ungültig." is not said again.
    expect(saidBesideFields(invalidKey, onKey)).toBe(true);
    expect(saidBesideFields(invalidKey)).toBe(false);
    // One message no field shows, or none naming a field: the form must say more.
    expect(saidBesideFields(answer, shows)).toBe(false);
    expect(saidBesideFields(fromHttpStatus(400, { error: { message: 'Nein' } }), onKey)).toBe(false);
    expect(saidBesideFields(fromHttpStatus(500), onKey)).toBe(false);
    expect(saidBesideFields({ kind: 'unexpected', status: 500 }, onKey)).toBe(false);
  });

  it('the error page lists every errors[] message (a page has no fields)', () => {
    expect(errorPage(answer as Exclude<PortalError, { kind: 'cancelled' }>)).toEqual({
      status: 400,
      titleKey: 'errors.page.400.title',
      descriptionKey: 'errors.page.400.description',
      message: 'Die Anfrage ist ungültig.',
      details: [
        'Dieses Feld ist erforderlich.',
        'Der Header „Cookie“ darf nicht gesetzt werden.',
        'Die Rolle r-1 gehört nicht zu dieser Anwendung.',
      ],
    });
  });
});
