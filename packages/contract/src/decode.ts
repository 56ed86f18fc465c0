// @portal/contract/decode: decoding with the generated validators (@portal/contract/validators,
// one per component schema, ADR 0015), with errors that name the path of the bad value:
//   import { Application } from '@portal/contract/validators';
//   decodeWire(Application, 'Application', answer)
// Import the validators by name: the ones not used are left out of the bundle.
import type { ValidationError, Validator } from './generated/validators.js';

export type { ValidationError, Validator };

/** A JSON pointer (`/webhook/headers/0/key`) as the dotted path the API's errors use (`webhook.headers.0.key`). */
export function dottedPath(pointer: string): string {
  return pointer
    .split('/')
    .slice(1)
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
    .join('.');
}

/** A problem of a value, where it is: `path` is dotted, empty for the value itself. */
export interface WireProblem {
  readonly path: string;
  readonly keyword: string;
  readonly message: string;
}

/** The problems a validator reported, each with the path of the bad value (the property a `required` misses included). */
export function wireProblems(errors: readonly ValidationError[] | null | undefined): readonly WireProblem[] {
  return (errors ?? []).map((error) => {
    const missing =
      error.keyword === 'required'
        ? error.params.missingProperty
        : error.keyword === 'additionalProperties'
          ? error.params.additionalProperty
          : undefined;
    const path = dottedPath(error.instancePath);
    return {
      path: typeof missing === 'string' ? (path === '' ? missing : `${path}.${missing}`) : path,
      keyword: error.keyword,
      message: error.message ?? error.keyword,
    };
  });
}

/** A value that is not what the contract says: which schema, and where the first problem is. */
export class WireDecodeError extends Error {
  override readonly name = 'WireDecodeError';
  readonly schema: string;
  /** The dotted path of the first bad value (empty: the value itself). */
  readonly path: string;
  readonly problems: readonly WireProblem[];

  constructor(schema: string, problems: readonly WireProblem[]) {
    const first = problems[0];
    super(
      `${schema}${first === undefined ? '' : ` at ${first.path === '' ? '(root)' : first.path}: ${first.message}`}`,
    );
    this.schema = schema;
    this.path = first?.path ?? '';
    this.problems = problems;
  }
}

/** The value as the schema's type, or a `WireDecodeError` naming the schema and the bad value's path. */
export function decodeWire<T>(validate: Validator<T>, schema: string, value: unknown): T {
  if (validate(value)) return value;
  throw new WireDecodeError(schema, wireProblems(validate.errors));
}
