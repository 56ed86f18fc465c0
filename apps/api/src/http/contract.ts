// The OpenAPI document of @portal/contract, loaded once, and JSON-Schema validators for its
// component schemas (OpenAPI 3.1 schemas are JSON Schema 2020-12). The API validates every
// request body against the same schemas the portal's types are generated from.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { ErrorObject, ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { parse } from 'yaml';
import type { components } from '@portal/contract';

export type Schemas = components['schemas'];
export type SchemaName = keyof Schemas;

type JsonObject = { [key: string]: unknown };

export const openApiPath = fileURLToPath(import.meta.resolve('@portal/contract/openapi.yaml'));
export const openApiDocument = parse(readFileSync(openApiPath, 'utf8')) as JsonObject & {
  paths: Record<string, Record<string, unknown>>;
  components: { schemas: Record<string, JsonObject> } & JsonObject;
};

const SCHEMA_ID = 'portal.json';

// ajv-formats is CommonJS; its default export arrives wrapped under Node's ESM loader.
type AddFormats = (ajv: Ajv2020) => Ajv2020;
const addFormats = ((addFormatsModule as unknown as { default?: AddFormats }).default ?? addFormatsModule) as unknown as AddFormats;

export function createAjv(): Ajv2020 {
  const ajv = new Ajv2020({ strict: false, allErrors: true, verbose: true, validateSchema: false });
  addFormats(ajv);
  ajv.addFormat('binary', true);
  ajv.addKeyword({ keyword: 'discriminator' });
  ajv.addSchema({ $id: SCHEMA_ID, components: openApiDocument.components }, SCHEMA_ID);
  return ajv;
}

const ajv = createAjv();
const cache = new Map<string, ValidateFunction>();

export function validatorFor(name: SchemaName): ValidateFunction {
  let fn = cache.get(name);
  if (!fn) {
    const found = ajv.getSchema(`${SCHEMA_ID}#/components/schemas/${name}`);
    if (!found) throw new Error(`no schema ${name} in the contract`);
    fn = found;
    cache.set(name, fn);
  }
  return fn;
}

export const httpUrlPattern = String(openApiDocument.components.schemas.HttpUrl?.pattern);

export type { ErrorObject };
