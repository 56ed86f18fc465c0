import { describe, expect, it } from 'vitest';
import {
  isAnswered,
  isHttpUrl,
  looksLikeSvg,
  validateAccessRequestForm,
  validateAttributeValue,
  validateRequiredAnswer,
  validateRequiredAnswerSetting,
  validateAccessRequestChoice,
  validateAccessRequestRoles,
  validateApplicationUserRoles,
  validateEditable,
  validateEmail,
  validateLogo,
  validateNumeric,
  validateRequired,
  validateTag,
  validateUrl,
  validateWebhookEndpoint,
  validateWebhookHeaderName,
  validateWebhookHeaderValue,
} from './validation.ts';
import { logoMaxBytes } from '../domain/constants.ts';

const bytes = (s: string) => Uint8Array.from(s, (c) => c.charCodeAt(0));

describe('required, numeric, email', () => {
  it.each([[undefined], [null], [''], ['  '], [[]]])('required refuses %j', (v) => {
    expect(validateRequired(v)?.code).toBe('validations.required');
  });
  it.each([['x'], [0], [false], [['a']]])('required accepts %j', (v) => {
    expect(validateRequired(v)).toBeUndefined();
  });
  it.each([
    ['12', true],
    ['-1.5', true],
    ['3,25', true],
    ['.5', true],
    ['', true],
    ['1e3', false],
    ['12a', false],
    ['1.', false],
  ])('numeric %j', (v, ok) => {
    expect(validateNumeric(v) === undefined).toBe(ok);
  });
  it.each([
    ['a@b.de', true],
    ['first.last+tag@hk-demo.test', true],
    ['', true],
    ['a@b', false],
    ['a b@c.de', false],
    ['@c.de', false],
    ['a@-c.de', false],
    [`${'a'.repeat(250)}@b.de`, false],
  ])('email %j', (v, ok) => {
    expect(validateEmail(v) === undefined).toBe(ok);
  });
});

describe('url (http or https only)', () => {
  it.each([
    'http://example.com',
    'https://example.com/path?q=1#x',
    'https://sub.example.co.uk:8443/',
    'HTTPS://EXAMPLE.COM',
    'http://[::1]:4000/',
    'http://localhost:4002',
  ])('accepts %s', (v) => {
    expect(validateUrl(v)).toBeUndefined();
  });
  it.each([
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    ' javascript:alert(1)',
    'java\tscript:alert(1)',
    'data:text/html,<script>',
    'vbscript:msgbox',
    'ftp://example.com',
    'example.com',
    '//example.com',
    'http://',
    'http:///x',
    'https://exa mple.com',
    'http://-bad.com',
    'https://a.com/\n',
  ])('refuses %j with validations.url and the value', (v) => {
    expect(validateUrl(v)).toEqual({ code: 'validations.url', params: { value: v } });
  });
  it('lets blank pass (required is separate) and caps the length', () => {
    expect(validateUrl('')).toBeUndefined();
    expect(isHttpUrl(`https://a.com/${'x'.repeat(2100)}`)).toBe(false);
  });
});

describe('logo', () => {
  const svg = bytes('<svg xmlns="http://www.w3.org/2000/svg"></svg>');
  it('accepts an SVG by content, with a declaration, comment, doctype or BOM first', () => {
    expect(validateLogo({ size: svg.length, head: svg })).toBeUndefined();
    expect(
      looksLikeSvg(
        bytes(
          '\u00ef\u00bb\u00bf<?xml version="1.0"?>\n<!-- c --><!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "x"><svg>',
        ),
      ),
    ).toBe(true);
    expect(looksLikeSvg(bytes('<!DOCTYPE svg [ <!ENTITY x "y"> ]><svg/>'))).toBe(true);
  });
  it('refuses a renamed PNG, HTML, an empty file, and one byte over 2 MB', () => {
    expect(validateLogo({ size: 10, head: Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a]) })?.code).toBe(
      'validations.logoNotSvg',
    );
    expect(validateLogo({ size: 10, head: bytes('<html><svg>') })?.code).toBe('validations.logoNotSvg');
    expect(validateLogo({ size: 0, head: new Uint8Array() })?.code).toBe('validations.logoEmpty');
    expect(validateLogo({ size: logoMaxBytes, head: svg })).toBeUndefined();
    expect(validateLogo({ size: logoMaxBytes + 1, head: svg })).toEqual({
      code: 'validations.logoTooLarge',
      params: { max: logoMaxBytes },
    });
  });
});

describe('tags, editable fields, roles', () => {
  it('refuses duplicates and invalid input', () => {
    expect(validateTag('b', ['a'])).toBeUndefined();
    expect(validateTag(' A ', ['a'])?.code).toBe('validations.tagDuplicate');
    expect(validateTag('  ', [])?.code).toBe('validations.tagInvalid');
    expect(validateTag('a\u0007', [])?.code).toBe('validations.tagInvalid');
    expect(validateTag('x', [], (v) => v.length > 2)?.code).toBe('validations.tagInvalid');
  });
  it('refuses edits of non-editable fields', () => {
    expect(validateEditable(false)?.code).toBe('validations.notEditable');
    expect(validateEditable(true)).toBeUndefined();
  });
  it('accepting an access request needs at least one role', () => {
    expect(validateAccessRequestRoles([])?.code).toBe('validations.roleRequired');
    expect(validateAccessRequestRoles(['r1'])).toBeUndefined();
  });
  it("saving a user's access to an application needs at least one role too (#17.16)", () => {
    expect(validateApplicationUserRoles([])?.code).toBe('validations.roleRequired');
    expect(validateApplicationUserRoles(['r1'])).toBeUndefined();
  });
  it("a user's access request names the account access and the role when the application says so", () => {
    const empty = { items: [], total: 0 };
    const both = { roleRequired: true, accountAccessRequired: true, accountAccesses: empty, roles: empty };
    expect(validateAccessRequestChoice(both, {})).toEqual({
      accountAccessId: { code: 'validations.required' },
      roleId: { code: 'validations.required' },
    });
    expect(validateAccessRequestChoice(both, { accountAccessId: 'aa', roleId: ' ' })).toEqual({
      roleId: { code: 'validations.required' },
    });
    expect(validateAccessRequestChoice(both, { accountAccessId: 'aa', roleId: 'r' })).toEqual({});
    expect(validateAccessRequestChoice({ ...both, roleRequired: false, accountAccessRequired: false }, {})).toEqual({});
  });
});

describe('a Yes/No attribute that requires one answer (#30.1)', () => {
  it('refuses the other answer and names the required one', () => {
    expect(validateRequiredAnswer('false', 'true')?.code).toBe('validations.answerMustBeYes');
    expect(validateRequiredAnswer('true', 'false')?.code).toBe('validations.answerMustBeNo');
    expect(validateRequiredAnswer('true', 'true')).toBeUndefined();
    expect(validateRequiredAnswer(' true ', 'true')).toBeUndefined();
  });
  it('lets no answer pass (the required rule decides whether one is needed) and any answer without a requirement', () => {
    expect(validateRequiredAnswer('', 'true')).toBeUndefined();
    expect(validateRequiredAnswer('false', null)).toBeUndefined();
    expect(validateRequiredAnswer('false', undefined)).toBeUndefined();
    expect(validateRequiredAnswer('false', 'maybe')).toBeUndefined();
  });
  it('counts a stored value as given only when it is the required answer', () => {
    expect(isAnswered('true', 'true')).toBe(true);
    expect(isAnswered('false', 'true')).toBe(false);
    expect(isAnswered(null, 'true')).toBe(false);
    expect(isAnswered('', null)).toBe(false);
    expect(isAnswered('false', null)).toBe(true);
  });
  it('only a Yes/No attribute may require an answer', () => {
    expect(validateRequiredAnswerSetting('BOOLEAN', 'true')).toBeUndefined();
    expect(validateRequiredAnswerSetting('STRING', null)).toBeUndefined();
    expect(validateRequiredAnswerSetting('STRING', 'true')?.code).toBe('validations.requiredAnswerNotBoolean');
  });
  it('a form field: required first, then the data type, then the required answer', () => {
    const terms = { dataType: 'BOOLEAN', required: true, requiredValue: 'true' };
    expect(validateAttributeValue(terms, '')?.code).toBe('validations.required');
    expect(validateAttributeValue(terms, 'false')?.code).toBe('validations.answerMustBeYes');
    expect(validateAttributeValue(terms, 'true')).toBeUndefined();
    expect(validateAttributeValue({ ...terms, required: false }, '')).toBeUndefined();
    expect(validateAttributeValue({ dataType: 'NUMBER', required: false }, '1a')?.code).toBe('validations.numeric');
    expect(validateAttributeValue({ dataType: 'EMAIL', required: false }, 'x')?.code).toBe('validations.email');
    expect(validateAttributeValue({ dataType: 'URL', required: false }, 'ftp://x')?.code).toBe('validations.url');
    expect(validateAttributeValue({ dataType: 'STRING', required: true }, 'x')).toBeUndefined();
  });
  it("an access request's Yes/No question with a required answer refuses the other one", () => {
    const options = {
      roleRequired: false,
      accountAccessRequired: false,
      accountAccesses: { items: [], total: 0 },
      roles: { items: [], total: 0 },
      questions: [
        { id: 'termsAccepted', label: 'Nutzungsbedingungen akzeptiert', required: true, requiredValue: 'true' },
      ],
    };
    const refused = validateAccessRequestForm(options, { answers: { termsAccepted: 'false' } }, '2026-01-01');
    expect(refused['answers.termsAccepted']?.code).toBe('validations.answerMustBeYes');
    expect(validateAccessRequestForm(options, { answers: { termsAccepted: 'true' } }, '2026-01-01')).toEqual({});
  });
});

describe('webhook settings', () => {
  it('header names are HTTP tokens and not reserved', () => {
    expect(validateWebhookHeaderName('X-Api-Key')).toBeUndefined();
    expect(validateWebhookHeaderName('X Bad')?.code).toBe('validations.headerName');
    expect(validateWebhookHeaderName('X-A\r\nB')?.code).toBe('validations.headerName');
    for (const name of ['Host', 'content-length', 'Authorization'])
      expect(validateWebhookHeaderName(name)?.code).toBe('validations.headerReserved');
  });
  it('header values carry no CR or LF', () => {
    expect(validateWebhookHeaderValue('a\tb')).toBeUndefined();
    expect(validateWebhookHeaderValue('a\r\nInjected: 1')?.code).toBe('validations.headerValue');
  });
  it('the endpoint is https outside development', () => {
    expect(validateWebhookEndpoint('https://hooks.test/x', { development: false })).toBeUndefined();
    expect(validateWebhookEndpoint('http://hooks.test/x', { development: false })?.code).toBe(
      'validations.httpsRequired',
    );
    expect(validateWebhookEndpoint('http://localhost:4002/x', { development: true })).toBeUndefined();
    expect(validateWebhookEndpoint('', { development: true })?.code).toBe('validations.required');
    expect(validateWebhookEndpoint('javascript:x', { development: true })?.code).toBe('validations.url');
  });
});

describe('url rule against the WHATWG URL parser (property)', () => {
  const Url = (globalThis as unknown as { URL: new (input: string) => { protocol: string; host: string } }).URL;
  const pieces = [
    'http',
    'https',
    'javascript',
    'data',
    'vbscript',
    'HTTP',
    ':',
    '//',
    '/',
    '\\',
    ' ',
    '\t',
    '\n',
    'a.test',
    'localhost',
    ':8080',
    '@',
    '%0a',
    '?',
    '#',
    '&#58;',
    'x',
  ];
  it('every accepted value is an http(s) URL with a host', async () => {
    const fc = (await import('fast-check')).default;
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...pieces), { minLength: 1, maxLength: 8 }), (parts) => {
        const value = parts.join('');
        if (validateUrl(value) !== undefined || value.trim() === '') return true;
        const url = new Url(value);
        return (url.protocol === 'http:' || url.protocol === 'https:') && url.host !== '';
      }),
      { numRuns: 1000 },
    );
  });
});
