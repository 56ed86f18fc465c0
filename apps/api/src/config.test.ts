// The e-mail settings of the environment (#29): none without SMTP_HOST; defaults; bad values stop the start.
import { describe, expect, it } from 'vitest';
import { readConfig } from './config.ts';

describe('the mail configuration', () => {
  it('is off without SMTP_HOST (nothing is queued or sent)', () => {
    expect(readConfig({}).mail).toBeUndefined();
    expect(readConfig({ SMTP_HOST: '  ' }).mail).toBeUndefined();
  });

  it('has defaults for everything but the host', () => {
    expect(readConfig({ SMTP_HOST: 'mail.example', PORTAL_URL: 'https://portal.example/' }).mail).toEqual({
      smtp: { host: 'mail.example', port: 587, secure: false, starttls: 'auto', user: undefined, password: undefined },
      from: '"HK Küchen" <no-reply@portal.example>',
      brandName: 'HK Küchen',
      internalCopyTo: null,
      timeZone: 'Europe/Berlin',
      pollIntervalMs: 5000,
      sendTimeoutMs: 30_000,
    });
    expect(readConfig({ SMTP_HOST: 'mail.example', SMTP_SECURE: 'true' }).mail?.smtp.port).toBe(465);
  });

  it('reads every setting', () => {
    const mail = readConfig({
      SMTP_HOST: 'mail.example',
      SMTP_PORT: '2525',
      SMTP_STARTTLS: 'required',
      SMTP_USER: 'portal',
      SMTP_PASSWORD: 'secret',
      MAIL_FROM: 'Portal <portal@example.com>',
      BRAND_NAME: 'Acme',
      MAIL_INTERNAL_COPY_TO: 'requests@example.com',
      MAIL_TIME_ZONE: 'Europe/Warsaw',
      MAIL_POLL_INTERVAL_MS: '1000',
      MAIL_SEND_TIMEOUT_MS: '5000',
    }).mail;
    expect(mail).toMatchObject({
      smtp: { port: 2525, starttls: 'required', user: 'portal', password: 'secret' },
      from: 'Portal <portal@example.com>',
      brandName: 'Acme',
      internalCopyTo: 'requests@example.com',
      timeZone: 'Europe/Warsaw',
      pollIntervalMs: 1000,
      sendTimeoutMs: 5000,
    });
  });

  it.each([
    ['SMTP_PORT', '0'],
    ['SMTP_PORT', 'smtp'],
    ['SMTP_SECURE', 'yes'],
    ['SMTP_STARTTLS', 'maybe'],
    ['MAIL_INTERNAL_COPY_TO', 'not an address'],
    ['MAIL_TIME_ZONE', 'Mars/Olympus'],
    ['MAIL_POLL_INTERVAL_MS', '10'],
    ['MAIL_SEND_TIMEOUT_MS', '1.5'],
  ])('refuses %s=%s', (name, value) => {
    expect(() => readConfig({ SMTP_HOST: 'mail.example', [name]: value })).toThrow(name);
  });
});

describe('the job runner (#28.6)', () => {
  it('asks for jobs every 2 s unless told otherwise', () => {
    expect(readConfig({}).jobPollIntervalMs).toBe(2000);
    expect(readConfig({ API_JOB_POLL_INTERVAL_MS: '500' }).jobPollIntervalMs).toBe(500);
  });

  it.each(['10', 'often', '2.5'])('refuses API_JOB_POLL_INTERVAL_MS=%s', (value) => {
    expect(() => readConfig({ API_JOB_POLL_INTERVAL_MS: value })).toThrow('API_JOB_POLL_INTERVAL_MS');
  });
});

describe('the demo seed’s administrator of the provider (API_SEED_ADMIN, ADR 0029)', () => {
  it('is none unset, else a subject with an e-mail and names', () => {
    expect(readConfig({}).seedAdmin).toBeUndefined();
    expect(readConfig({ API_SEED_ADMIN: 'rtyler,rtyler@badwolf.org,Rose,Tyler' }).seedAdmin).toEqual({
      subject: 'rtyler',
      email: 'rtyler@badwolf.org',
      firstName: 'Rose',
      lastName: 'Tyler',
    });
    expect(readConfig({ API_SEED_ADMIN: ' rtyler , rtyler@badwolf.org ' }).seedAdmin).toEqual({
      subject: 'rtyler',
      email: 'rtyler@badwolf.org',
      firstName: '',
      lastName: '',
    });
  });

  it('stops the start when the value is not one', () => {
    for (const wrong of [
      'rtyler',
      ',rtyler@badwolf.org',
      'rtyler,no-mail',
      'a,b@c.d,e,f,g',
      `${'x'.repeat(101)},a@b.c`,
    ])
      expect(() => readConfig({ API_SEED_ADMIN: wrong })).toThrow(/^API_SEED_ADMIN must be <subject>,<e-mail>/);
  });
});
