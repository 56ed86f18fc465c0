// Server-rendered pages of the provider. No inline script or style: the page loads
// /assets/idp.css and /assets/idp.js from the provider's own origin under a strict CSP.
import type { DemoAccount } from '../accounts/store.ts';
import type { Language, Messages } from './messages.ts';

const escapeHtml = (value: string): string =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

interface Layout {
  lang: Language;
  t: Messages;
  title: string;
  body: string;
}

function layout({ lang, t, title, body }: Layout): string {
  return `<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${escapeHtml(title)} · ${escapeHtml(t.brand)}</title>
<link rel="icon" href="/favicon.ico" type="image/svg+xml">
<link rel="stylesheet" href="/assets/idp.css">
<script src="/assets/idp.js" defer></script>
</head>
<body>
<main class="card">
<p class="brand">${escapeHtml(t.brand)}</p>
${body}
</main>
</body>
</html>`;
}

export type FieldName = 'email' | 'password' | 'currentPassword' | 'newPassword' | 'repeatPassword' | 'newEmail';

interface Field {
  name: FieldName;
  label: string;
  type: 'email' | 'password';
  autocomplete: string;
  value?: string;
  hint?: string;
  autofocus?: boolean;
}

function field(f: Field, invalid: boolean): string {
  const hintId = f.hint ? `${f.name}-hint` : undefined;
  const described = [hintId, invalid ? 'form-error' : undefined].filter(Boolean).join(' ');
  return `<div class="field">
<label for="${f.name}">${escapeHtml(f.label)}<span class="req" aria-hidden="true"> *</span></label>
<input id="${f.name}" name="${f.name}" type="${f.type}" autocomplete="${f.autocomplete}" required${f.value ? ` value="${escapeHtml(f.value)}"` : ''}${f.autofocus ? ' autofocus' : ''}${invalid ? ' aria-invalid="true"' : ''}${described ? ` aria-describedby="${described}"` : ''}>
${f.hint ? `<p class="hint" id="${hintId}">${escapeHtml(f.hint)}</p>` : ''}
</div>`;
}

function errorBox(message: string | undefined): string {
  return message ? `<p class="error" id="form-error" role="alert">${escapeHtml(message)}</p>` : '';
}

interface FormPage {
  lang: Language;
  t: Messages;
  action: string;
  error?: string;
  /** Fields to mark invalid when there is an error. */
  invalid?: FieldName[];
}

/**
 * A page of one form: its heading and intro, the error, the fields, then cancel and submit.
 * With an error, the fields named in `p.invalid` (else `invalidOnError`) are marked invalid.
 */
function formPage(
  p: FormPage,
  page: {
    title: string;
    intro: string;
    before?: string;
    fields: readonly Field[];
    invalidOnError?: readonly FieldName[];
    submit: string;
    after?: string;
  },
): string {
  const { t } = p;
  const invalid = new Set(p.error ? (p.invalid ?? page.invalidOnError ?? []) : []);
  return layout({
    lang: p.lang,
    t,
    title: page.title,
    body: `<h1>${escapeHtml(page.title)}</h1>
${page.before ?? ''}<p>${escapeHtml(page.intro)}</p>
${errorBox(p.error)}
<form method="post" action="${escapeHtml(p.action)}" novalidate>
${page.fields.map((f) => field(f, invalid.has(f.name))).join('\n')}
<div class="actions">
<button type="submit" name="action" value="cancel" class="secondary" formnovalidate>${escapeHtml(t.cancel)}</button>
<button type="submit" name="action" value="submit" class="primary">${escapeHtml(page.submit)}</button>
</div>
</form>${page.after ?? ''}`,
  });
}

/**
 * Who the user is, first on every form: the e-mail address, focused unless it is known already,
 * and the current password (named `passwordName`), focused then.
 */
function credentialFields(
  p: FormPage & { email?: string },
  passwordName: 'password' | 'currentPassword',
  passwordLabel: string,
): Field[] {
  return [
    {
      name: 'email',
      label: p.t.email,
      type: 'email',
      autocomplete: 'username',
      ...(p.email === undefined ? {} : { value: p.email }),
      autofocus: !p.email,
    },
    {
      name: passwordName,
      label: passwordLabel,
      type: 'password',
      autocomplete: 'current-password',
      autofocus: Boolean(p.email),
    },
  ];
}

export interface LoginPage extends FormPage {
  email?: string;
  /** The application the user signs in to, when it is not the portal. */
  appName?: string;
  demo?: { accounts: DemoAccount[]; password: string };
}

export function loginPage(p: LoginPage): string {
  const { t } = p;
  const demo = p.demo
    ? `<section class="demo" aria-labelledby="demo-title">
<h2 id="demo-title">${escapeHtml(t.demoTitle)}</h2>
<p>${escapeHtml(t.demoPassword)} <code>${escapeHtml(p.demo.password)}</code></p>
<ul>
${p.demo.accounts.map((a) => `<li><button type="button" class="link" data-fill-email="${escapeHtml(a.email)}" aria-label="${escapeHtml(`${t.demoUse}: ${a.email}`)}">${escapeHtml(a.email)}</button> <span class="muted">${escapeHtml(a.name)} · ${escapeHtml(a.kind)}</span></li>`).join('\n')}
</ul>
</section>`
    : '';
  return formPage(p, {
    title: t.signInTitle,
    intro: t.signInIntro,
    submit: t.signIn,
    after: `\n${demo}`,
    before: `${p.appName ? `<p class="app">${escapeHtml(t.appSignIn.replace('{app}', p.appName))}</p>` : ''}\n`,
    fields: credentialFields(p, 'password', t.password),
    invalidOnError: ['email', 'password'],
  });
}

export interface PasswordPage extends FormPage {
  email?: string;
}

export function passwordPage(p: PasswordPage): string {
  const { t } = p;
  return formPage(p, {
    title: t.passwordTitle,
    intro: t.passwordIntro,
    submit: t.save,
    fields: [
      ...credentialFields(p, 'currentPassword', t.currentPassword),
      {
        name: 'newPassword',
        label: t.newPassword,
        type: 'password',
        autocomplete: 'new-password',
        hint: t.passwordHint,
      },
      { name: 'repeatPassword', label: t.repeatPassword, type: 'password', autocomplete: 'new-password' },
    ],
  });
}

export interface EmailPage extends FormPage {
  email?: string;
  newEmail?: string;
}

export function emailPage(p: EmailPage): string {
  const { t } = p;
  return formPage(p, {
    title: t.emailTitle,
    intro: t.emailIntro,
    submit: t.save,
    fields: [
      ...credentialFields(p, 'password', t.password),
      {
        name: 'newEmail',
        label: t.newEmail,
        type: 'email',
        autocomplete: 'email',
        ...(p.newEmail === undefined ? {} : { value: p.newEmail }),
      },
    ],
  });
}

/** oidc-provider's logout confirmation: its form (with the xsrf field) is submitted by /assets/idp.js. */
export function logoutPage(lang: Language, t: Messages, form: string): string {
  // Signing out of the whole session (logout=yes), as Azure AD B2C does, without a question.
  const withId = form
    .replace('<form ', '<form data-autosubmit ')
    .replace('</form>', '<input type="hidden" name="logout" value="yes"></form>');
  return layout({
    lang,
    t,
    title: t.signOutTitle,
    body: `<h1>${escapeHtml(t.signOutTitle)}</h1>
<p>${escapeHtml(t.signOutIntro)}</p>
${withId}
<div class="actions">
<button type="submit" form="op.logoutForm" class="primary">${escapeHtml(t.signOut)}</button>
</div>`,
  });
}

export function loggedOutPage(lang: Language, t: Messages): string {
  return layout({
    lang,
    t,
    title: t.signedOutTitle,
    body: `<h1>${escapeHtml(t.signedOutTitle)}</h1>
<p>${escapeHtml(t.signedOutIntro)}</p>`,
  });
}

export function errorPage(
  lang: Language,
  t: Messages,
  error: string,
  description: string,
  /** A way on (the portal's sign-in start), as a link. */
  next?: { readonly href: string; readonly label: string },
): string {
  return layout({
    lang,
    t,
    title: t.errorTitle,
    body: `<h1>${escapeHtml(t.errorTitle)}</h1>
<p>${escapeHtml(t.errorIntro)}</p>
<p class="error" role="alert"><code>${escapeHtml(error)}</code><br>${escapeHtml(description)}</p>${
      next === undefined
        ? ''
        : `
<div class="actions"><a class="button primary" href="${escapeHtml(next.href)}">${escapeHtml(next.label)}</a></div>`
    }`,
  });
}

export const css = `:root{color-scheme:light dark;--bg:#f4f5f7;--card:#fff;--text:#1f2328;--muted:#57606a;--border:#d0d7de;--accent:#0b5cad;--accent-text:#fff;--danger:#b42318;--danger-bg:#fdecea}
@media (prefers-color-scheme:dark){:root{--bg:#0d1117;--card:#161b22;--text:#e6edf3;--muted:#9da7b3;--border:#30363d;--accent:#4493f8;--accent-text:#0d1117;--danger:#ff7b72;--danger-bg:#3a1d1d}}
*{box-sizing:border-box}body{margin:0;min-height:100vh;display:flex;align-items:flex-start;justify-content:center;background:var(--bg);color:var(--text);font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;padding:48px 16px}
.card{width:100%;max-width:420px;background:var(--card);border:1px solid var(--border);border-radius:12px;padding:32px}
.brand{margin:0 0 16px;font-size:14px;font-weight:600;color:var(--muted);text-transform:uppercase;letter-spacing:.04em}
h1{font-size:24px;margin:0 0 8px}h2{font-size:16px;margin:0 0 8px}
.field{margin:16px 0}label{display:block;font-size:14px;font-weight:600;margin-bottom:4px}.req{color:var(--danger)}
input{width:100%;font:inherit;padding:8px 12px;border:1px solid var(--border);border-radius:8px;background:var(--card);color:var(--text)}
input[aria-invalid=true]{border-color:var(--danger)}
:focus-visible{outline:3px solid var(--accent);outline-offset:2px}
.hint{font-size:12px;color:var(--muted);margin:4px 0 0}
.error{color:var(--danger);background:var(--danger-bg);border-radius:8px;padding:8px 12px;font-size:14px}
.actions{display:flex;gap:12px;justify-content:flex-end;margin-top:24px}
button{font:inherit;border-radius:8px;padding:8px 16px;cursor:pointer;border:1px solid var(--border)}
.primary{background:var(--accent);color:var(--accent-text);border-color:var(--accent);font-weight:600}
.secondary{background:transparent;color:var(--text)}
.link{background:none;border:0;padding:0;color:var(--accent);text-decoration:underline}
a.button{display:inline-block;font-weight:600;border-radius:8px;padding:8px 16px;border:1px solid var(--border);text-decoration:none}
.demo{margin-top:32px;padding-top:16px;border-top:1px solid var(--border);font-size:14px}.demo ul{padding-left:20px;margin:8px 0 0}.demo li{margin:4px 0}
.app{font-weight:600;margin:0 0 4px}.muted{color:var(--muted)}code{font-family:ui-monospace,monospace}
.sr-only{position:absolute;width:1px;height:1px;padding:0;margin:-1px;overflow:hidden;clip:rect(0,0,0,0);white-space:nowrap;border:0}
@media (prefers-reduced-motion:reduce){*{transition:none!important;animation:none!important}}`;

export const js = `document.addEventListener('click', function (e) {
  var target = e.target instanceof Element ? e.target.closest('[data-fill-email]') : null;
  if (!target) return;
  var email = document.getElementById('email');
  var password = document.getElementById('password');
  if (email) email.value = target.getAttribute('data-fill-email') || '';
  if (password) password.focus();
});
document.addEventListener('DOMContentLoaded', function () {
  var form = document.querySelector('form[data-autosubmit]');
  if (form) form.submit();
});`;

export const favicon =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="6" fill="#0b5cad"/><path d="M9 8v16M9 16h9M18 8v16M22 8l-4 8 4 8" stroke="#fff" stroke-width="3" fill="none"/></svg>';
