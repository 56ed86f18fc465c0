// Validation rules of spec §5 and security-and-faults.md. Each returns a typed code (the
// translation key of the UI) with its parameters, or undefined when the value is valid.
// German texts of spec §5 (the UI's de translations):
//   validations.roleRequired   'Es muss mindestens eine Rolle ausgewählt werden!'
//   validations.url            '{0} muss eine gültige URL sein' ({0} = params.value)
//   validations.tagDuplicate   'Doppelter Eintrag'
//   validations.tagInvalid     'Ungültige Eingabe'
//   validations.notEditable    'Dieses Feld kann nicht bearbeitet werden'

import { logoMaxBytes } from '../domain/constants.ts';
import { accessEndProblem, dayNumber, daySpan, endOfLastDay, latestEndDate } from '../domain/access-governance.ts';
import { maximum, maxLength } from '@portal/contract/limits';
import type { AccessRequestChoice, AccessRequestOptions } from '../domain/entities.ts';

export const validationCodes = [
  'validations.required',
  'validations.numeric',
  'validations.email',
  'validations.url',
  'validations.logoEmpty',
  'validations.logoNotSvg',
  'validations.logoTooLarge',
  'validations.tagDuplicate',
  'validations.tagInvalid',
  'validations.notEditable',
  'validations.roleRequired',
  'validations.headerName',
  'validations.headerReserved',
  'validations.headerValue',
  'validations.httpsRequired',
  'validations.tooLong',
  'validations.date',
  'validations.dateNotFuture',
  'validations.dateTooLate',
  'validations.answerMustBeYes',
  'validations.answerMustBeNo',
  'validations.requiredAnswerNotBoolean',
  'validations.range',
] as const;
export type ValidationCode = (typeof validationCodes)[number];

// The limits of what users type, read from the contract (#31.2, ADR 0024): the document states each
// limit once (`maxLength`, `maximum`), the contract generates it as a value, and core, the API (its
// validators) and the console (the fields' `maxLength`) read it from there. (Here, beside the rules
// that use them, so the browser loads them with those rules and in no chunk of their own.)

/** A request's justification (MyAccessRequestInput.justification), in characters. */
export const justificationMaxLength = maxLength.schemas.MyAccessRequestInput.justification;
/** A denial's reason the requester reads (AccessRequestDeny.reason). */
export const denyReasonMaxLength = maxLength.schemas.AccessRequestDeny.reason;
/** An answer to an application's question: an attribute's value (AttributeValueInput.value). */
export const answerMaxLength = maxLength.schemas.AttributeValueInput.value;
/** A list's search (the `search` parameter). */
export const searchMaxLength = maxLength.parameters.Search;
/** The longest time-bound access an application may set, in days (ApplicationInput.maxAccessDays's maximum). */
const maxAccessDaysLimit = maximum.schemas.ApplicationInput.maxAccessDays;

/**
 * The length of a text as the contract counts it: in characters (code points, as JSON Schema's
 * `maxLength` and the API's validators count), not UTF-16 units.
 */
export const textLength = (text: string): number => [...text].length;

export interface ValidationIssue {
  readonly code: ValidationCode;
  readonly params?: Readonly<Record<string, string | number>>;
}

export type ValidationResult = ValidationIssue | undefined;

const issue = (code: ValidationCode, params?: Readonly<Record<string, string | number>>): ValidationIssue =>
  params === undefined ? { code } : { code, params };

const isBlank = (value: unknown): boolean =>
  value === undefined ||
  value === null ||
  (typeof value === 'string' && value.trim() === '') ||
  (Array.isArray(value) && value.length === 0);

/** required: not undefined, null, blank or an empty list. */
export function validateRequired(value: unknown): ValidationResult {
  return isBlank(value) ? issue('validations.required') : undefined;
}

/** numeric: an optionally signed decimal number; blank passes (combine with required). */
export function validateNumeric(value: string): ValidationResult {
  if (value.trim() === '') return undefined;
  return /^[+-]?(\d+([.,]\d+)?|[.,]\d+)$/.test(value.trim()) ? undefined : issue('validations.numeric');
}

/** email: one @, a dotted domain, no spaces, at most 254 characters; blank passes. */
export function validateEmail(value: string): ValidationResult {
  const text = value.trim();
  if (text === '') return undefined;
  const ok =
    text.length <= 254 &&
    /^[^\s@"<>()[\],;:]+@[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)+$/i.test(text);
  return ok ? undefined : issue('validations.email');
}

const urlPattern =
  /^https?:\/\/(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*|\[[0-9a-f:.]+\])(?::\d{1,5})?(?:[/?#][^\s]*)?$/i;

/** True for an absolute http(s) URL with a host, nothing else (no javascript:, data:, vbscript:). */
export function isHttpUrl(value: string): boolean {
  return value.length <= 2048 && urlPattern.test(value);
}

/** url: protocol http or https only (spec §5); the message gets the field value. Blank passes. */
export function validateUrl(value: string): ValidationResult {
  if (value.trim() === '') return undefined;
  return isHttpUrl(value) ? undefined : issue('validations.url', { value });
}

/** A logo file: name, size in bytes and (at least) its first bytes. */
export interface LogoFile {
  readonly size: number;
  readonly head: Uint8Array;
}

/** True when the bytes start like an SVG document (by content, not by name or type). */
export function looksLikeSvg(head: Uint8Array): boolean {
  let text = '';
  for (const byte of head.subarray(0, 4096)) text += String.fromCharCode(byte);
  text = text.replace(/^\u00ef\u00bb\u00bf/, '').replace(/^\ufeff/, '');
  // Skip whitespace, the XML declaration, comments, processing instructions and a doctype.
  for (;;) {
    const before = text;
    text = text
      .replace(/^\s+/, '')
      .replace(/^<\?[\s\S]*?\?>/, '')
      .replace(/^<!--[\s\S]*?-->/, '')
      .replace(/^<!doctype[^>[]*(\[[\s\S]*?\])?\s*>/i, '');
    if (text === before) break;
  }
  return /^<svg[\s>/]/i.test(text);
}

/** Logo upload: not empty, SVG by content, at most 2 MB (spec §5). */
export function validateLogo(file: LogoFile): ValidationResult {
  if (file.size <= 0 || file.head.length === 0) return issue('validations.logoEmpty');
  if (file.size > logoMaxBytes) return issue('validations.logoTooLarge', { max: logoMaxBytes });
  return looksLikeSvg(file.head) ? undefined : issue('validations.logoNotSvg');
}

/**
 * A new entry of a tag input: rejects invalid input (blank, control characters, or
 * failing the field's own rule) and duplicates (case-insensitive, trimmed).
 */
export function validateTag(
  value: string,
  existing: readonly string[],
  isValid?: (value: string) => boolean,
): ValidationResult {
  const text = value.trim();
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is rejected here
  if (text === '' || /[\u0000-\u001f\u007f]/.test(text) || (isValid !== undefined && !isValid(text)))
    return issue('validations.tagInvalid');
  const key = text.toLowerCase();
  return existing.some((entry) => entry.trim().toLowerCase() === key) ? issue('validations.tagDuplicate') : undefined;
}

/** A change to an attribute field that is not editable. */
export function validateEditable(editable: boolean): ValidationResult {
  return editable ? undefined : issue('validations.notEditable');
}

/** The answers a Yes/No attribute may require (#30.1), as they travel: 'true' = Yes, 'false' = No. */
export const requiredAnswers = ['true', 'false'] as const;
export type RequiredAnswer = (typeof requiredAnswers)[number];

/** `value` as a required answer, or undefined when it names none. */
function requiredAnswerOf(value: string | null | undefined): RequiredAnswer | undefined {
  return value === 'true' || value === 'false' ? value : undefined;
}

/**
 * A Yes/No attribute that requires one answer (#30.1, e.g. "Nutzungsbedingungen akzeptiert" must
 * be Yes): another answer is refused (`validations.answerMustBeYes` / `answerMustBeNo`); no answer
 * passes (whether one is needed at all is the required rule's). The one rule of the user's forms,
 * the console's and the API's.
 */
export function validateRequiredAnswer(value: string, requiredValue: string | null | undefined): ValidationResult {
  const required = requiredAnswerOf(requiredValue);
  const given = value.trim();
  if (required === undefined || given === '' || given === required) return undefined;
  return issue(required === 'true' ? 'validations.answerMustBeYes' : 'validations.answerMustBeNo');
}

/** Whether a stored value counts as given: present and, where the attribute requires an answer, that answer. */
export function isAnswered(value: string | null | undefined, requiredValue: string | null | undefined): boolean {
  return (
    value !== null &&
    value !== undefined &&
    value.trim() !== '' &&
    validateRequiredAnswer(value, requiredValue) === undefined
  );
}

/** An attribute's definition (#30.1): only a Yes/No attribute may require an answer. */
export function validateRequiredAnswerSetting(
  dataType: string,
  requiredValue: string | null | undefined,
): ValidationResult {
  return requiredAnswerOf(requiredValue) === undefined || dataType === 'BOOLEAN'
    ? undefined
    : issue('validations.requiredAnswerNotBoolean');
}

/** An attribute as a form asks for it: its data type, whether a value is needed, the answer it requires. */
export interface AttributeRule {
  readonly dataType: string;
  readonly required: boolean;
  readonly requiredValue?: string | null | undefined;
}

/**
 * One attribute value typed into a form (the gate, a custom flow, settings): required, then the
 * data type's rule (number, e-mail, URL), then the required answer of a Yes/No attribute.
 */
export function validateAttributeValue(attribute: AttributeRule, value: string): ValidationResult {
  if (attribute.required) {
    const missing = validateRequired(value);
    if (missing !== undefined) return missing;
  }
  switch (attribute.dataType.toUpperCase()) {
    case 'NUMBER':
      return validateNumeric(value);
    case 'EMAIL':
      return validateEmail(value);
    case 'URL':
      return validateUrl(value);
    case 'BOOLEAN':
      return validateRequiredAnswer(value, attribute.requiredValue);
    default:
      return undefined;
  }
}

/** Accepting an access request requires at least one role (spec §5). */
export function validateAccessRequestRoles(roleIds: readonly string[]): ValidationResult {
  return roleIds.length > 0 ? undefined : issue('validations.roleRequired');
}

/**
 * Saving a user's access to an application (#17.16): the same rule as accepting a request —
 * at least one role, else `validations.roleRequired` beside the roles. No roles is not a way to
 * take the access away; that is its own action (remove the user's access, after a confirm).
 */
export function validateApplicationUserRoles(roleIds: readonly string[]): ValidationResult {
  return validateAccessRequestRoles(roleIds);
}

/**
 * A user's access request (the gate's request page): the account access and the role are
 * required when the application says so.
 */
export function validateAccessRequestChoice(
  options: AccessRequestOptions,
  choice: AccessRequestChoice,
): Readonly<Partial<Record<'accountAccessId' | 'roleId', ValidationIssue>>> {
  const accountAccessId = options.accountAccessRequired ? validateRequired(choice.accountAccessId) : undefined;
  const roleId = options.roleRequired ? validateRequired(choice.roleId) : undefined;
  return { ...(accountAccessId === undefined ? {} : { accountAccessId }), ...(roleId === undefined ? {} : { roleId }) };
}

/**
 * A text of at most `max` characters, trimmed (`validations.tooLong` with `max`; characters counted as
 * the contract and the API count them: `textLength`); required when asked.
 */
export function validateText(
  value: string,
  options: { readonly required: boolean; readonly max: number },
): ValidationResult {
  if (options.required && value.trim() === '') return issue('validations.required');
  return textLength(value.trim()) > options.max ? issue('validations.tooLong', { max: options.max }) : undefined;
}

/**
 * The last day of a time-bound access (#19), an ISO day: blank passes; a real day
 * (`validations.date`); the access ends when the day is over, and that end must keep the API's
 * limits (`accessEndProblem`, one rule) at every instant of today: after today
 * (`validations.dateNotFuture`) and not after today plus the application's maximum
 * (`validations.dateTooLate` with `max`, the latest ISO day).
 */
export function validateEndDate(
  value: string,
  options: { readonly today: string; readonly maxDays?: number | undefined },
): ValidationResult {
  if (value.trim() === '') return undefined;
  const day = dayNumber(value.trim());
  if (day === undefined) return issue('validations.date');
  const today = dayNumber(options.today);
  if (today === undefined) return undefined;
  const problem = accessEndProblem(endOfLastDay(day), daySpan(today), options.maxDays);
  if (problem === 'notFuture') return issue('validations.dateNotFuture');
  return problem === 'tooLate'
    ? issue('validations.dateTooLate', { max: latestEndDate(options.today, options.maxDays) ?? '' })
    : undefined;
}

/** The fields of an access request form (#19) that can carry an issue; answers as `answers.<question id>`. */
export type AccessRequestField = 'accountAccessId' | 'roleId' | 'justification' | 'endDate' | `answers.${string}`;

/**
 * A user's access request with substance (#19): the account access and role when the
 * application says so, a justification (required when it says so, length limited), an end date
 * only when it grants time-bound access (at most its maximum ahead), the required answers.
 */
export function validateAccessRequestForm(
  options: AccessRequestOptions,
  choice: AccessRequestChoice,
  today: string,
): Readonly<Partial<Record<AccessRequestField, ValidationIssue>>> {
  const issues: Partial<Record<AccessRequestField, ValidationIssue>> = {
    ...validateAccessRequestChoice(options, choice),
  };
  const justification = validateText(choice.justification ?? '', {
    required: options.justificationRequired === true,
    max: options.justificationMaxLength ?? justificationMaxLength,
  });
  if (justification) issues.justification = justification;
  const endDate =
    options.maxAccessDays === undefined
      ? choice.endDate === undefined || choice.endDate.trim() === ''
        ? undefined
        : issue('validations.notEditable')
      : validateEndDate(choice.endDate ?? '', { today, maxDays: options.maxAccessDays });
  if (endDate) issues.endDate = endDate;
  for (const question of options.questions ?? []) {
    const given = choice.answers?.[question.id] ?? '';
    const answer =
      validateText(given, { required: question.required, max: answerMaxLength }) ??
      validateRequiredAnswer(given, question.requiredValue);
    if (answer) issues[`answers.${question.id}`] = answer;
  }
  return issues;
}

/**
 * An application's longest time-bound access (#30.2): none (null) or whole days from 1 to
 * `maxAccessDaysLimit` (`validations.range` with `min` and `max`).
 */
export function validateMaxAccessDays(days: number | null | undefined): ValidationResult {
  if (days === null || days === undefined) return undefined;
  return Number.isInteger(days) && days >= 1 && days <= maxAccessDaysLimit
    ? undefined
    : issue('validations.range', { min: 1, max: maxAccessDaysLimit });
}

/**
 * The last day of a user's access as an administrator sets it (#30.2): none ('' removes an end, always
 * allowed); an end only where the application grants time-bound access (`validations.notEditable`),
 * then `validateEndDate` (a real day after today, at most the application's maximum ahead).
 */
export function validateAccessEnd(
  endDate: string,
  rules: { readonly today: string; readonly timeBoundAccess: boolean; readonly maxDays?: number | undefined },
): ValidationResult {
  if (endDate.trim() === '') return undefined;
  if (!rules.timeBoundAccess) return issue('validations.notEditable');
  return validateEndDate(endDate, { today: rules.today, maxDays: rules.maxDays });
}

/** Denying an access request (#19): a reason the user will read, length limited. */
export function validateDenyReason(reason: string): ValidationResult {
  return validateText(reason, { required: true, max: denyReasonMaxLength });
}

const reservedHeaders = ['host', 'content-length', 'authorization', 'transfer-encoding', 'connection'];

/** Webhook header name: an HTTP token, not a header the sender owns. */
export function validateWebhookHeaderName(name: string): ValidationResult {
  if (!/^[!#$%&'*+.^_`|~0-9a-z-]+$/i.test(name)) return issue('validations.headerName');
  return reservedHeaders.includes(name.toLowerCase()) ? issue('validations.headerReserved') : undefined;
}

/** Webhook header value: no CR, LF or other control characters. */
export function validateWebhookHeaderValue(value: string): ValidationResult {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is rejected here
  return /[\u0000-\u0008\u000a-\u001f\u007f]/.test(value) ? issue('validations.headerValue') : undefined;
}

/** Webhook endpoint: a valid http(s) URL, https outside development. */
export function validateWebhookEndpoint(value: string, options: { readonly development: boolean }): ValidationResult {
  const url = validateUrl(value) ?? validateRequired(value);
  if (url) return url;
  return options.development || /^https:/i.test(value) ? undefined : issue('validations.httpsRequired');
}
