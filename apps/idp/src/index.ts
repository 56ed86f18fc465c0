// The public door of @portal/idp: start the provider in-process (tests, the stack script).
export { startIdp, clientIds, type Idp } from './server.ts';
export { configFromEnv, policyUrls, type IdpConfig, type PolicyKind } from './config.ts';
export { B2C } from './b2c-errors.ts';
