// The mails of the API (#29): one small typed function per mail, each answering the subject, a
// plain-text and an HTML body in the recipient's language (the words from messages.ts, the brand
// name BRAND_NAME, links under PORTAL_URL). Every value and every word goes into the HTML through
// `escapeHtml` once; values are put into a text in one pass (a value that reads like a
// placeholder stays as it is), and the subject is one line.
import type { Language } from '../http/messages.ts';
import { escapeHtml } from './escape.ts';
import { mailTexts, type MailTexts } from './messages.ts';

export type MailKind =
  'ACCESS_REQUESTED' | 'REQUEST_ACCEPTED' | 'REQUEST_DENIED' | 'ACCESS_EXPIRING' | 'ACCESS_EXPIRED';

/** What every mail names: the brand, the portal's address (its links) and the time zone its days are read in. */
export interface MailSite {
  brandName: string;
  /** PORTAL_URL without a trailing slash. */
  portalUrl: string;
  /** An IANA time zone (MAIL_TIME_ZONE, default Europe/Berlin). */
  timeZone: string;
}

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

/** The portal's pages a mail links to (the console's request page for approvers, my requests for the requester). */
export const mailLinks = {
  accessRequest: (site: MailSite, applicationId: string, requestId: string) =>
    `${site.portalUrl}/admin/${encodeURIComponent(applicationId)}/access-requests/${encodeURIComponent(requestId)}`,
  myRequests: (site: MailSite) => `${site.portalUrl}/requests`,
};

type Values = Readonly<Record<string, string>>;

/** `{key}` of `template` replaced by `values[key]`, in one pass. */
function fill(template: string, values: Values): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);
}

/** Text for a header: control characters (line breaks above all) become one space. */
function oneLine(text: string): string {
  // eslint-disable-next-line no-control-regex -- the control characters are what is replaced
  return text.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim();
}

/** The day of an instant, in the recipient's language and the site's time zone. */
function dayOf(site: MailSite, language: Language, instant: Date): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'long', timeZone: site.timeZone }).format(instant);
}

/** The last day of access that ends at `endsAt` (the access ends at the midnight after it, as the portal reads it). */
function lastDayOf(site: MailSite, language: Language, endsAt: Date): string {
  return dayOf(site, language, new Date(endsAt.getTime() - 1));
}

/** What a mail is made of; `layout` writes it as text and as HTML. */
interface MailContent {
  subject: string;
  greeting: string;
  paragraphs: readonly string[];
  facts: readonly { label: string; value: string }[];
  action: { label: string; href: string };
}

const colours = {
  page: '#f4f4f5',
  card: '#ffffff',
  text: '#18181b',
  muted: '#52525b',
  line: '#e4e4e7',
  accent: '#1d4ed8',
};

function layout(site: MailSite, language: Language, texts: MailTexts, content: MailContent): RenderedMail {
  const footer = fill(texts.footer, { brand: site.brandName });
  const subject = oneLine(content.subject);
  const text = [
    content.greeting,
    '',
    ...content.paragraphs.flatMap((p) => [p, '']),
    ...(content.facts.length ? [...content.facts.map((f) => `${f.label}: ${f.value}`), ''] : []),
    `${content.action.label}: ${content.action.href}`,
    '',
    '-- ',
    footer,
    '',
  ].join('\n');
  const e = escapeHtml;
  const multiline = (value: string) => e(value).replace(/\r\n|\r|\n/g, '<br>');
  const facts = content.facts.length
    ? `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:0 0 16px;border-collapse:collapse;">${content.facts
        .map(
          (f) =>
            `<tr><th align="left" valign="top" style="padding:4px 16px 4px 0;font-weight:bold;color:${colours.muted};">${e(f.label)}</th><td valign="top" style="padding:4px 0;">${multiline(f.value)}</td></tr>`,
        )
        .join('')}</table>`
    : '';
  const href = e(content.action.href);
  const html = `<!DOCTYPE html>
<html lang="${e(language)}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${e(subject)}</title></head>
<body style="margin:0;padding:0;background:${colours.page};">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:${colours.page};"><tr><td align="center" style="padding:24px 12px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px;background:${colours.card};border-radius:8px;font-family:Arial,Helvetica,sans-serif;color:${colours.text};">
<tr><td style="padding:20px 32px;border-bottom:1px solid ${colours.line};font-size:18px;font-weight:bold;">${e(site.brandName)}</td></tr>
<tr><td style="padding:24px 32px;font-size:15px;line-height:1.5;">
<p style="margin:0 0 16px;">${e(content.greeting)}</p>
${content.paragraphs.map((p) => `<p style="margin:0 0 16px;">${multiline(p)}</p>`).join('\n')}
${facts}
<p style="margin:24px 0;"><a href="${href}" style="display:inline-block;background:${colours.accent};color:#ffffff;text-decoration:none;padding:10px 18px;border-radius:6px;font-weight:bold;">${e(content.action.label)}</a></p>
<p style="margin:0;font-size:13px;color:${colours.muted};">${e(texts.linkHint)}<br><a href="${href}" style="color:${colours.accent};word-break:break-all;">${href}</a></p>
</td></tr>
<tr><td style="padding:16px 32px;border-top:1px solid ${colours.line};font-size:12px;color:${colours.muted};">${e(footer)}</td></tr>
</table>
</td></tr></table>
</body>
</html>
`;
  return { subject, text, html };
}

export interface AccessRequestedMail {
  applicationId: string;
  application: string;
  requestId: string;
  requester: { name: string; email: string; company: string | null };
  role: string | null;
  accountAccess: string | null;
  justification: string | null;
  requestedEndsAt: Date | null;
  /** The internal copy of access requests (the application's "internal copy" setting). */
  internalCopy: boolean;
}

/** A new access request, to the application's notification address or the internal copy: links the console's request page. */
export function accessRequestedMail(site: MailSite, language: Language, data: AccessRequestedMail): RenderedMail {
  const texts = mailTexts[language];
  const t = texts.accessRequested;
  const values = { application: data.application, requester: data.requester.name };
  const facts = [
    { label: t.email, value: data.requester.email },
    ...(data.requester.company ? [{ label: t.company, value: data.requester.company }] : []),
    ...(data.role ? [{ label: t.role, value: data.role }] : []),
    ...(data.accountAccess ? [{ label: t.accountAccess, value: data.accountAccess }] : []),
    ...(data.requestedEndsAt
      ? [{ label: t.requestedEnd, value: lastDayOf(site, language, data.requestedEndsAt) }]
      : []),
    ...(data.justification ? [{ label: t.justification, value: data.justification }] : []),
  ];
  return layout(site, language, texts, {
    subject: fill(t.subject, values),
    greeting: texts.greetingTeam,
    paragraphs: [fill(t.intro, values), ...(data.internalCopy ? [t.copyNote] : [])],
    facts,
    action: { label: t.action, href: mailLinks.accessRequest(site, data.applicationId, data.requestId) },
  });
}

export interface RequestAcceptedMail {
  name: string;
  application: string;
  roles: readonly string[];
  accountAccesses: readonly string[];
  endsAt: Date | null;
}

/** A request accepted, to the requester, with what was granted: links my requests. */
export function requestAcceptedMail(site: MailSite, language: Language, data: RequestAcceptedMail): RenderedMail {
  const texts = mailTexts[language];
  const t = texts.requestAccepted;
  const values = { application: data.application, name: data.name };
  return layout(site, language, texts, {
    subject: fill(t.subject, values),
    greeting: fill(texts.greeting, values),
    paragraphs: [fill(t.intro, values)],
    facts: [
      ...(data.roles.length ? [{ label: t.roles, value: data.roles.join(', ') }] : []),
      ...(data.accountAccesses.length ? [{ label: t.accountAccesses, value: data.accountAccesses.join(', ') }] : []),
      ...(data.endsAt ? [{ label: t.endsAt, value: lastDayOf(site, language, data.endsAt) }] : []),
    ],
    action: { label: t.action, href: mailLinks.myRequests(site) },
  });
}

export interface RequestDeniedMail {
  name: string;
  application: string;
  reason: string | null;
}

/** A request denied, to the requester, with the reason (or that none was given): links my requests. */
export function requestDeniedMail(site: MailSite, language: Language, data: RequestDeniedMail): RenderedMail {
  const texts = mailTexts[language];
  const t = texts.requestDenied;
  const values = { application: data.application, name: data.name };
  const reason = data.reason?.trim();
  return layout(site, language, texts, {
    subject: fill(t.subject, values),
    greeting: fill(texts.greeting, values),
    paragraphs: [fill(t.intro, values), ...(reason ? [] : [t.noReason])],
    facts: reason ? [{ label: t.reason, value: reason }] : [],
    action: { label: t.action, href: mailLinks.myRequests(site) },
  });
}

export interface AccessEndMail {
  name: string;
  application: string;
  endsAt: Date;
}

/** Time-bound access ends soon (the reminder, 7 days before), to the user: links my requests. */
export function accessExpiringMail(site: MailSite, language: Language, data: AccessEndMail): RenderedMail {
  const texts = mailTexts[language];
  const t = texts.accessExpiring;
  const values = { application: data.application, name: data.name, date: lastDayOf(site, language, data.endsAt) };
  return layout(site, language, texts, {
    subject: fill(t.subject, values),
    greeting: fill(texts.greeting, values),
    paragraphs: [fill(t.intro, values), t.hint],
    facts: [],
    action: { label: t.action, href: mailLinks.myRequests(site) },
  });
}

/** Time-bound access has ended, to the user: links my requests. */
export function accessExpiredMail(site: MailSite, language: Language, data: AccessEndMail): RenderedMail {
  const texts = mailTexts[language];
  const t = texts.accessExpired;
  const values = { application: data.application, name: data.name, date: dayOf(site, language, data.endsAt) };
  return layout(site, language, texts, {
    subject: fill(t.subject, values),
    greeting: fill(texts.greeting, values),
    paragraphs: [fill(t.intro, values), t.hint],
    facts: [],
    action: { label: t.action, href: mailLinks.myRequests(site) },
  });
}
