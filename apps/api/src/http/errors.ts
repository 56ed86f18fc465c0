// The error shape of the contract: { error: { code, message, errors: [{ message, field? }] } }.
// Handlers throw ApiError with message keys; the error handler translates them with the
// language of the request's lang header.
import type { components } from '@portal/contract';
import { translate, type Language, type MessageArg, type MessageKey } from './messages.ts';

export interface FieldProblem {
  key: MessageKey;
  field?: string;
  args?: readonly MessageArg[];
}

export class ApiError extends Error {
  readonly status: 400 | 401 | 403 | 404 | 409 | 500 | 503;
  readonly code: string;
  readonly key: MessageKey;
  readonly args: readonly MessageArg[];
  readonly problems: readonly FieldProblem[];

  constructor(
    status: ApiError['status'],
    key: MessageKey,
    options: { code?: string; args?: readonly MessageArg[]; problems?: readonly FieldProblem[] } = {},
  ) {
    super(key);
    this.status = status;
    this.key = key;
    this.code = options.code ?? String(status);
    this.args = options.args ?? [];
    this.problems = options.problems ?? [];
  }
}

export const badRequest = (problems: readonly FieldProblem[], key: MessageKey = 'badRequest', code?: string) =>
  new ApiError(400, key, code === undefined ? { problems } : { problems, code });
export const fieldError = (field: string, key: MessageKey, code: string, args: readonly (string | number)[] = []) =>
  new ApiError(400, key, { code, args, problems: [{ key, field, args }] });
export const notFound = () => new ApiError(404, 'notFound');
/** For `.catch`: a 404 becomes `undefined`, any other failure stays one. */
export const unlessNotFound = (error: unknown): undefined => {
  if (error instanceof ApiError && error.status === 404) return undefined;
  throw error;
};
export const forbidden = () => new ApiError(403, 'forbidden');
export const unauthorized = () => new ApiError(401, 'unauthorized');
export const conflict = (key: MessageKey, code: string, args: readonly (string | number)[] = [], field?: string) =>
  new ApiError(409, key, { code, args, problems: [{ key, ...(field === undefined ? {} : { field }), args }] });

/** A refusal as data (kept with a failed job, #28.6): translated when it is answered, in that request's language. */
export interface StoredError {
  readonly status: ApiError['status'];
  readonly code: string;
  readonly key: MessageKey;
  readonly args: readonly MessageArg[];
  readonly problems: readonly FieldProblem[];
}

export const storedError = (e: ApiError): StoredError => ({
  status: e.status,
  code: e.code,
  key: e.key,
  args: e.args,
  problems: e.problems,
});

/** The contract's error body of a refusal, in `lang`. */
export function errorBody(e: StoredError, lang: Language): components['schemas']['Error'] {
  return {
    error: {
      code: e.code,
      message: translate(e.key, lang, e.args),
      errors: e.problems.map((p) => ({
        message: translate(p.key, lang, p.args ?? []),
        ...(p.field !== undefined ? { field: p.field } : {}),
      })),
    },
  };
}
