// The provider's own pages between authorize and redirect: sign-in, password change,
// e-mail change. Each ends in oidc-provider's interactionFinished (login or error), or in a
// redirect to the portal's app access gate.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Interaction } from 'oidc-provider';
import { ApiUnavailable, UnknownApplication, UnknownUser, type ApiClient } from '../api-client.ts';
import { demoAccounts, demoPassword, type AccountStore } from '../accounts/store.ts';
import { passwordProblem } from '../accounts/password.ts';
import { B2C } from '../b2c-errors.ts';
import type { IdpConfig } from '../config.ts';
import { readForm, redirect, sendHtml } from '../http.ts';
import { signInStartOf, type ClientIds, type Policy } from '../policies/provider.ts';
import { messages, pickLanguage, type Language, type Messages } from './messages.ts';
import type { SsoSession, SsoSessions } from './sso.ts';
import { emailPage, errorPage, loginPage, passwordPage, type FieldName } from './views.ts';

export interface InteractionDeps {
  config: IdpConfig;
  accounts: AccountStore;
  api: ApiClient;
  sso: SsoSessions;
  clientIds: ClientIds;
  /** The client an interaction was for, also once it is used or expired. */
  interactionClient: (uid: string) => string | undefined;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

interface Ctx {
  policy: Policy;
  details: Interaction;
  req: IncomingMessage;
  res: ServerResponse;
  lang: Language;
  t: Messages;
  action: string;
  sso: SsoSession | undefined;
  /** Name of the application signing in, unless it is the portal. */
  appName: string | undefined;
}

export function createInteractionHandler(deps: InteractionDeps) {
  const { config, accounts, api, sso, clientIds } = deps;

  const finishError = (c: Ctx, error: string, description: string) =>
    c.policy.provider.interactionFinished(
      c.req,
      c.res,
      { error, error_description: description },
      { mergeWithLastSubmission: false },
    );

  /** Claims, tenant session, app access gate, then back to oidc-provider. */
  async function complete(c: Ctx, accountId: string): Promise<void> {
    try {
      await api.claims(accountId);
    } catch (error) {
      if (error instanceof UnknownUser) return finishError(c, 'access_denied', B2C.userNotFound);
      console.error(`[idp] claims for ${accountId}: ${(error as Error).message}`);
      return finishError(c, 'server_error', B2C.claimsExchangeFailed);
    }
    const session = c.sso?.accountId === accountId ? c.sso : sso.start(c.res, accountId, c.sso);
    const clientId = typeof c.details.params.client_id === 'string' ? c.details.params.client_id : '';
    if (clientId !== clientIds.portal) {
      let status: string;
      try {
        status = (await api.authCheck(accountId, clientId)).status;
      } catch (error) {
        if (error instanceof UnknownApplication) return finishError(c, 'access_denied', B2C.unknownClient(clientId));
        console.error(`[idp] auth check for ${accountId} at ${clientId}: ${(error as Error).message}`);
        return finishError(c, 'server_error', B2C.claimsExchangeFailed);
      }
      if (status !== 'ok') {
        redirect(c.res, `${config.portalUrl}/flows/auth?${new URLSearchParams({ client_id: clientId })}`);
        return;
      }
    }
    await c.policy.provider.interactionFinished(
      c.req,
      c.res,
      {
        login: { accountId, ts: session.loginTs, amr: ['pwd'], acr: c.policy.name },
      },
      { mergeWithLastSubmission: false },
    );
  }

  // Like B2C's self-asserted pages, a form with an error is still a 200 page (so a browser
  // console stays free of errors).
  function renderForm(c: Ctx, error?: string, invalid?: FieldName[], values: Record<string, string> = {}): void {
    const status = 200;
    const ssoEmail = c.sso ? accounts.byId(c.sso.accountId)?.email : undefined;
    const hint = typeof c.details.params.login_hint === 'string' ? c.details.params.login_hint : undefined;
    const email = values.email ?? ssoEmail ?? hint;
    const base = {
      lang: c.lang,
      t: c.t,
      action: c.action,
      ...(error === undefined ? {} : { error }),
      ...(invalid === undefined ? {} : { invalid }),
    };
    const newEmail = values.newEmail;
    const loginEmail = values.email ?? hint;
    switch (c.policy.kind) {
      case 'password':
        return sendHtml(c.res, config, status, passwordPage({ ...base, ...(email === undefined ? {} : { email }) }));
      case 'email':
        return sendHtml(
          c.res,
          config,
          status,
          emailPage({
            ...base,
            ...(email === undefined ? {} : { email }),
            ...(newEmail === undefined ? {} : { newEmail }),
          }),
        );
      default:
        return sendHtml(
          c.res,
          config,
          status,
          loginPage({
            ...base,
            ...(c.appName === undefined ? {} : { appName: c.appName }),
            ...(loginEmail === undefined ? {} : { email: loginEmail }),
            ...(config.production ? {} : { demo: { accounts: demoAccounts, password: demoPassword } }),
          }),
        );
    }
  }

  async function show(c: Ctx): Promise<void> {
    const forced =
      c.details.prompt.reasons.includes('login_prompt') ||
      (c.details.params.max_age !== undefined && Number(c.details.params.max_age) === 0);
    const silent = (c.policy.kind === 'signin' || c.policy.kind === 'refresh') && c.sso && !forced;
    if (silent && c.sso) return complete(c, c.sso.accountId);
    renderForm(c);
  }

  async function submit(c: Ctx): Promise<void> {
    const form = await readForm(c.req);
    if (form.get('action') === 'cancel') return finishError(c, 'access_denied', B2C.cancelled);
    const value = (name: string) => (form.get(name) ?? '').trim();
    const secret = (name: string) => form.get(name) ?? '';
    const email = value('email');
    const values = { email, newEmail: value('newEmail') };

    if (c.policy.kind === 'signin' || c.policy.kind === 'refresh') {
      if (!email || !secret('password'))
        return renderForm(
          c,
          c.t.missingFields,
          ['email', 'password'].filter((f) => !(f === 'email' ? email : secret(f))) as FieldName[],
          values,
        );
      const account = await accounts.authenticate(email, secret('password'));
      if (!account) return renderForm(c, c.t.wrongCredentials, ['email', 'password'], values);
      return complete(c, account.id);
    }

    if (c.policy.kind === 'password') {
      const fields: FieldName[] = ['email', 'currentPassword', 'newPassword', 'repeatPassword'];
      const missing = fields.filter((f) => !(f === 'email' ? email : secret(f)));
      if (missing.length) return renderForm(c, c.t.missingFields, missing, values);
      const account = await accounts.authenticate(email, secret('currentPassword'));
      if (!account) return renderForm(c, c.t.wrongCredentials, ['email', 'currentPassword'], values);
      if (account.internal) return renderForm(c, c.t.internalAccount, [], values);
      const next = secret('newPassword');
      if (next !== secret('repeatPassword'))
        return renderForm(c, c.t.passwordMismatch, ['newPassword', 'repeatPassword'], values);
      const problem = passwordProblem(next);
      if (problem)
        return renderForm(
          c,
          problem === 'tooShort' ? c.t.passwordTooShort : c.t.passwordTooWeak,
          ['newPassword'],
          values,
        );
      if (next === secret('currentPassword')) return renderForm(c, c.t.passwordSame, ['newPassword'], values);
      await accounts.setPassword(account.id, next);
      sso.endAccount(account.id, c.sso?.id);
      return complete(c, account.id);
    }

    // e-mail change
    const fields: FieldName[] = ['email', 'password', 'newEmail'];
    const missing = fields.filter((f) => !(f === 'password' ? secret(f) : value(f)));
    if (missing.length) return renderForm(c, c.t.missingFields, missing, values);
    const account = await accounts.authenticate(email, secret('password'));
    if (!account) return renderForm(c, c.t.wrongCredentials, ['email', 'password'], values);
    if (account.internal) return renderForm(c, c.t.internalAccount, [], values);
    const newEmail = values.newEmail.toLowerCase();
    if (!EMAIL.test(newEmail) || newEmail.length > 254) return renderForm(c, c.t.emailInvalid, ['newEmail'], values);
    const owner = accounts.byEmail(newEmail);
    if (owner && owner.id !== account.id) return renderForm(c, c.t.emailTaken, ['newEmail'], values);
    try {
      await api.putEmail(account.id, newEmail);
    } catch (error) {
      if (error instanceof ApiUnavailable && error.status === 409)
        return renderForm(c, c.t.emailTaken, ['newEmail'], values);
      if (error instanceof ApiUnavailable && error.status === 403)
        return renderForm(c, c.t.internalAccount, [], values);
      console.error(`[idp] e-mail change for ${account.id}: ${(error as Error).message}`);
      return renderForm(c, c.t.serviceUnavailable, [], values);
    }
    await accounts.setEmail(account.id, newEmail);
    return complete(c, account.id);
  }

  return async function handle(policy: Policy, uid: string, req: IncomingMessage, res: ServerResponse): Promise<void> {
    const fallbackLang = pickLanguage(undefined, req.headers['accept-language']);
    let details: Interaction;
    try {
      details = await policy.provider.interactionDetails(req, res);
      if (details.uid !== uid) throw new Error('interaction mismatch');
    } catch {
      // Used or expired (the browser's Back after a sign-in, a page left open too long): the
      // client starts a fresh round trip (signed in at the portal: straight back there, issue
      // #30.10). Unknown: the error, with the way to the portal's sign-in.
      const clientId = deps.interactionClient(uid);
      const start = clientId === undefined ? undefined : signInStartOf(config, clientIds, clientId);
      if (start !== undefined) return redirect(res, start);
      const t = messages[fallbackLang];
      return sendHtml(
        res,
        config,
        400,
        errorPage(fallbackLang, t, 'invalid_request', B2C.sessionExpired, {
          href: `${config.portalUrl}/auth/login`,
          label: t.startAgain,
        }),
      );
    }
    const uiLocales = typeof details.params.ui_locales === 'string' ? details.params.ui_locales : undefined;
    const lang = pickLanguage(uiLocales, req.headers['accept-language']);
    const c: Ctx = {
      policy,
      details,
      req,
      res,
      lang,
      t: messages[lang],
      action: `${policy.urls.path}/interaction/${uid}`,
      sso: sso.read(req),
      appName: undefined,
    };
    const clientId = typeof details.params.client_id === 'string' ? details.params.client_id : '';
    if (clientId !== clientIds.portal) c.appName = (await policy.provider.Client.find(clientId))?.clientName;
    try {
      if (req.method === 'POST') await submit(c);
      else await show(c);
    } catch (error) {
      console.error(`[idp] interaction ${uid}: ${(error as Error).stack ?? String(error)}`);
      if (!res.headersSent)
        await finishError(c, 'server_error', B2C.internalError).catch(() =>
          sendHtml(res, config, 500, errorPage(lang, c.t, 'server_error', B2C.internalError)),
        );
    }
  };
}
