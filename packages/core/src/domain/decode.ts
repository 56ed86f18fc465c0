// Small hand-written decoders for untrusted input (cookies, token answers, ID-token claims,
// API answers and error bodies). They replace Effect Schema, which cost the first route
// about 24 KB gzip (ADR 0007), and keep its semantics for the shapes core uses:
// - a struct accepts any non-null, non-array object, reads its keys with `in` (inherited
//   ones too), ignores keys it does not name and hands back a new object with the named
//   keys that were present; a required key must be present (even `unknown` ones);
// - an optional key may be absent or `undefined` (kept as `undefined`);
// - `finite` refuses NaN and ±Infinity, `number` does not; string lengths are UTF-16 units;
// - an array is a real array (holes are `undefined`), copied element by element.
// The combinators are marked free of side effects: a decoder built at a module's top level and
// never used is dropped from a bundle (ADR 0007).

const invalid: unique symbol = Symbol('invalid');
/** The marker a decoder returns for input it refuses. */
type Invalid = typeof invalid;

/** Decodes untrusted input to `T`, or returns the `Invalid` marker. */
export type Decoder<T> = (input: unknown) => T | Invalid;

/** A key of a struct that may be absent (or `undefined`). */
export interface Optional<T> {
  readonly optional: Decoder<T>;
}

type Field = Decoder<unknown> | Optional<unknown>;
type Fields = Readonly<Record<string, Field>>;
type FieldType<F> = F extends Optional<infer T> ? T : F extends Decoder<infer T> ? T : never;
type RequiredKeys<F> = { [K in keyof F]: F[K] extends Optional<unknown> ? never : K }[keyof F];
type OptionalKeys<F> = { [K in keyof F]: F[K] extends Optional<unknown> ? K : never }[keyof F];
type Simplify<T> = { [K in keyof T]: T[K] } & {};

/** The decoded type of a struct's fields. */
export type StructOf<F extends Fields> = Simplify<
  { readonly [K in RequiredKeys<F>]: FieldType<F[K]> } & {
    readonly [K in OptionalKeys<F>]?: FieldType<F[K]> | undefined;
  }
>;

/** The type a decoder produces. */
export type DecodedOf<D> = D extends Decoder<infer T> ? T : never;

/** Run a decoder: the value, or undefined when refused. */
export function decodeOrUndefined<T>(decoder: Decoder<T>, input: unknown): T | undefined {
  const decoded = decoder(input);
  return decoded === invalid ? undefined : decoded;
}

/** True when the decoder accepts the input. */
export function accepts(decoder: Decoder<unknown>, input: unknown): boolean {
  return decoder(input) !== invalid;
}

export const unknownValue: Decoder<unknown> = (input) => input;
export const boolean: Decoder<boolean> = (input) => (typeof input === 'boolean' ? input : invalid);
/** Any number, NaN and infinities included. */
export const number: Decoder<number> = (input) => (typeof input === 'number' ? input : invalid);

export interface StringChecks {
  readonly minLength?: number;
  readonly maxLength?: number;
  readonly pattern?: RegExp;
}

/* @__NO_SIDE_EFFECTS__ */
export function string(checks: StringChecks = {}): Decoder<string> {
  const { minLength = 0, maxLength = Number.POSITIVE_INFINITY, pattern } = checks;
  return (input) =>
    typeof input === 'string' &&
    input.length >= minLength &&
    input.length <= maxLength &&
    (pattern === undefined || pattern.test(input))
      ? input
      : invalid;
}

export interface NumberChecks {
  /** Inclusive lower bound. */
  readonly min?: number;
  /** Inclusive upper bound. */
  readonly max?: number;
  /** Exclusive lower bound. */
  readonly greaterThan?: number;
}

/** A finite number (no NaN, no infinities) within the bounds. */
/* @__NO_SIDE_EFFECTS__ */
export function finite(checks: NumberChecks = {}): Decoder<number> {
  const {
    min = Number.NEGATIVE_INFINITY,
    max = Number.POSITIVE_INFINITY,
    greaterThan = Number.NEGATIVE_INFINITY,
  } = checks;
  return (input) =>
    typeof input === 'number' && Number.isFinite(input) && input >= min && input <= max && input > greaterThan
      ? input
      : invalid;
}

/** One of the given strings. */
/* @__NO_SIDE_EFFECTS__ */
export function literals<const L extends readonly string[]>(values: L): Decoder<L[number]> {
  return (input) => (values.some((value) => value === input) ? (input as L[number]) : invalid);
}

/** An array whose every element decodes (at most `maxLength` elements). */
/* @__NO_SIDE_EFFECTS__ */
export function array<T>(item: Decoder<T>, maxLength: number = Number.POSITIVE_INFINITY): Decoder<readonly T[]> {
  return (input) => {
    if (!Array.isArray(input) || input.length > maxLength) return invalid;
    const out: T[] = [];
    for (let index = 0; index < input.length; index += 1) {
      const decoded = item(input[index]);
      if (decoded === invalid) return invalid;
      out.push(decoded);
    }
    return out;
  };
}

/** The first member that accepts the input. */
/* @__NO_SIDE_EFFECTS__ */
export function union<const D extends readonly Decoder<unknown>[]>(...members: D): Decoder<DecodedOf<D[number]>> {
  return (input) => {
    for (const member of members) {
      const decoded = member(input);
      if (decoded !== invalid) return decoded as DecodedOf<D[number]>;
    }
    return invalid;
  };
}

/* @__NO_SIDE_EFFECTS__ */
export function optional<T>(decoder: Decoder<T>): Optional<T> {
  return { optional: decoder };
}

/** An object with the named keys (see the file header for the rules). */
/* @__NO_SIDE_EFFECTS__ */
export function struct<const F extends Fields>(fields: F): Decoder<StructOf<F>> {
  const entries = Object.entries(fields);
  return (input) => {
    if (typeof input !== 'object' || input === null || Array.isArray(input)) return invalid;
    const out: Record<string, unknown> = {};
    for (const [key, field] of entries) {
      if (!(key in input)) {
        if (typeof field === 'function') return invalid;
        continue;
      }
      const value: unknown = (input as Record<string, unknown>)[key];
      const decoder = typeof field === 'function' ? field : value === undefined ? unknownValue : field.optional;
      const decoded = decoder(value);
      if (decoded === invalid) return invalid;
      out[key] = decoded;
    }
    return out as StructOf<F>;
  };
}
