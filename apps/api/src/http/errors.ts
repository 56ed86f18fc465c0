// The error shape of the contract: { error: { code, message, errors: [{ message, field? }] } }.
// Handlers throw ApiError with message keys; the error handler translates them with the
// language of the request's lang header.
import type { MessageKey } from './messages.ts';

export interface FieldProblem {
  key: MessageKey;
  field?: string;
  args?: readonly (string | number)[];
}

export class ApiError extends Error {
  readonly status: 400 | 401 | 403 | 404 | 409 | 500 | 503;
  readonly code: string;
  readonly key: MessageKey;
  readonly args: readonly (string | number)[];
  readonly problems: readonly FieldProblem[];

  constructor(
    status: ApiError['status'],
    key: MessageKey,
    options: { code?: string; args?: readonly (string | number)[]; problems?: readonly FieldProblem[] } = {},
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
