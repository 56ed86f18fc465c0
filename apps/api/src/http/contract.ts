// The OpenAPI document of @portal/contract, loaded once, and the validators generated from its
// component schemas (@portal/contract/validators, Ajv standalone code, ADR 0015). The API checks
// every request body with the same validators the portal decodes its answers with.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import type { components } from '@portal/contract';
import type { ValidationError, Validator } from '@portal/contract/decode';
import * as validators from '@portal/contract/validators';

export type Schemas = components['schemas'];
export type SchemaName = keyof Schemas;

type JsonObject = { [key: string]: unknown };

const openApiPath = fileURLToPath(import.meta.resolve('@portal/contract/openapi.yaml'));
export const openApiDocument = parse(readFileSync(openApiPath, 'utf8')) as JsonObject & {
  paths: Record<string, Record<string, unknown>>;
  components: { schemas: Record<string, JsonObject> } & JsonObject;
};

/** The generated validator of a component schema. */
export function validatorFor<N extends SchemaName>(name: N): Validator<Schemas[N]> {
  const validator: Validator<Schemas[N]> | undefined = (
    validators as Partial<{ [K in SchemaName]: Validator<Schemas[K]> }>
  )[name];
  if (!validator) throw new Error(`no schema ${name} in the contract`);
  return validator;
}

export const httpUrlPattern = String(openApiDocument.components.schemas.HttpUrl?.pattern);

export type { ValidationError };
