// The mails in every language (#29): every text of German in every language with the same
// placeholders; each mail renders subject, text and HTML with its values, the brand and the link
// to its page; a hostile value is text in the HTML (never markup) and the subject stays one line.
import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import type { Language } from '../http/messages.ts';
import { mailTexts, type MailTexts } from './messages.ts';
import {
  accessExpiredMail,
  accessExpiringMail,
  accessRequestedMail,
  mailLinks,
  requestAcceptedMail,
  requestDeniedMail,
  type MailSite,
  type RenderedMail,
} from './templates.ts';

const languages = Object.keys(mailTexts) as Language[];
const site: MailSite = {
  brandName: 'HK <Küchen> & "Co"',
  portalUrl: 'https://portal.example',
  timeZone: 'Europe/Berlin',
};
const hostile = `<img src=x onerror="alert('x')">\r\nBcc: evil@example.com {application}`;

/** Every string of a catalogue by its dotted key. */
function flat(texts: object, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(texts)) {
    if (typeof value === 'string') out.set(prefix + key, value);
    else if (value !== null && typeof value === 'object')
      for (const [k, v] of flat(value as object, `${prefix}${key}.`)) out.set(k, v);
  }
  return out;
}
const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

const endsAt = new Date('2026-12-01T00:00:00+01:00');

/** Each mail with hostile values, in `language`, and the values it must show. */
function mails(language: Language): { name: string; mail: RenderedMail; shows: string[]; link: string }[] {
  return [
    {
      name: 'accessRequested',
      mail: accessRequestedMail(site, language, {
        applicationId: 'app/1',
        application: hostile,
        requestId: 'r 1',
        requester: { name: hostile, email: 'a&b@example.com', company: '<Firma>' },
        role: 'Rolle "A"',
        accountAccess: "Zugang 'B'",
        justification: 'Zeile 1\nZeile 2 <script>',
        requestedEndsAt: endsAt,
        internalCopy: true,
      }),
      shows: ['a&b@example.com', '<Firma>', 'Rolle "A"', "Zugang 'B'", 'Zeile 2 <script>'],
      link: 'https://portal.example/admin/app%2F1/access-requests/r%201',
    },
    {
      name: 'requestAccepted',
      mail: requestAcceptedMail(site, language, {
        name: hostile,
        application: hostile,
        roles: ['<Planer>', 'Admin & Co'],
        accountAccesses: ['Süd'],
        endsAt,
      }),
      shows: ['<Planer>, Admin & Co', 'Süd'],
      link: 'https://portal.example/requests',
    },
    {
      name: 'requestDenied',
      mail: requestDeniedMail(site, language, {
        name: hostile,
        application: hostile,
        reason: '</td></tr><script>x</script>',
      }),
      shows: ['</td></tr><script>x</script>'],
      link: 'https://portal.example/requests',
    },
    {
      name: 'accessExpiring',
      mail: accessExpiringMail(site, language, { name: hostile, application: hostile, endsAt }),
      shows: [],
      link: 'https://portal.example/requests',
    },
    {
      name: 'accessExpired',
      mail: accessExpiredMail(site, language, { name: hostile, application: hostile, endsAt }),
      shows: [],
      link: 'https://portal.example/requests',
    },
  ];
}

describe('the mail catalogue', () => {
  const german = flat(mailTexts.de);
  it.each(languages)('%s has every text of German, with its placeholders, and none empty', (language) => {
    const texts = flat(mailTexts[language]);
    expect([...texts.keys()].sort()).toEqual([...german.keys()].sort());
    for (const [key, text] of texts) {
      expect(text.trim(), key).not.toBe('');
      expect(placeholders(text), key).toEqual(placeholders(german.get(key) ?? ''));
    }
  });

  it('is translated: no language repeats German in a sentence', () => {
    for (const language of languages.filter((l) => l !== 'de')) {
      const texts = flat(mailTexts[language]);
      for (const key of ['accessRequested.intro', 'requestAccepted.intro', 'footer', 'accessExpired.hint'])
        expect(texts.get(key), `${language} ${key}`).not.toBe(german.get(key));
    }
  });
});

describe.each(languages)('the mails in %s', (language) => {
  const texts: MailTexts = mailTexts[language];
  for (const { name, mail, shows, link } of mails(language)) {
    it(`${name}: a one-line subject, the text with its values, the HTML with them as text only`, () => {
      expect(mail.subject).not.toMatch(/[\r\n]/);
      expect(mail.subject).toContain('<img src=x');
      // The value that reads like a placeholder is not filled in again.
      expect(mail.subject).toContain('{application}');
      expect(mail.text).toContain(link);
      expect(mail.text).toContain('HK <Küchen> & "Co"');
      for (const value of shows) expect(mail.text).toContain(value);

      const { document } = new JSDOM(mail.html).window;
      expect(document.documentElement.lang).toBe(language);
      // Nothing a value carried became markup: no script, no image, no handler.
      expect(document.querySelectorAll('script, img, [onerror]')).toHaveLength(0);
      expect(document.title).toBe(mail.subject);
      const body = document.body.textContent;
      expect(body).toContain('HK <Küchen> & "Co"');
      for (const value of shows) expect(body.replace(/\s+/g, ' ')).toContain(value.replace(/\s+/g, ' '));
      // The button and the address written out both go to the page the mail is about.
      const anchors = [...document.querySelectorAll('a')];
      expect(anchors.map((a) => a.getAttribute('href'))).toEqual([link, link]);
      expect(anchors[1]?.textContent).toBe(link);
      expect(body).toContain(texts.linkHint);
    });
  }

  it('names the recipient, or greets the team for an application’s address', () => {
    const [requested, accepted] = mails(language);
    expect(requested?.mail.text.startsWith(texts.greetingTeam)).toBe(true);
    expect(accepted?.mail.text.startsWith(texts.greeting.replace('{name}', hostile))).toBe(true);
  });
});

describe('the days in a mail', () => {
  it('an end at midnight is read as the day before it (the last day), in the site’s time zone', () => {
    const mail = requestAcceptedMail(site, 'de', {
      name: 'Nora',
      application: 'Küchenplaner',
      roles: [],
      accountAccesses: [],
      endsAt,
    });
    expect(mail.text).toContain('Zugriff bis einschließlich: 30. November 2026');
    const ended = accessExpiredMail(site, 'en', { name: 'Nora', application: 'Küchenplaner', endsAt });
    expect(ended.text).toContain('expired on December 1, 2026');
  });

  it('a denial without a reason says that none was given', () => {
    const mail = requestDeniedMail(site, 'nl', { name: 'Nora', application: 'Küchenplaner', reason: '  ' });
    expect(mail.text).toContain('Er is geen reden opgegeven.');
  });

  it('links are made under PORTAL_URL', () => {
    expect(mailLinks.accessRequest(site, 'a1000000-0000-4000-8000-000000000002', 'r')).toBe(
      'https://portal.example/admin/a1000000-0000-4000-8000-000000000002/access-requests/r',
    );
  });
});
