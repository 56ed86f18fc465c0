// The public door of @portal/idp: start the provider in-process (tests, the stack script).
export { startIdp, clientIds, type Idp } from './server.ts';
export {
  ConfigError,
  configFromEnv,
  defaultTenant,
  policyUrls,
  type IdpConfig,
  type IdpShape,
  type PolicyClaim,
  type PolicyKind,
  type PortalClientAuth,
} from './config.ts';
export { B2C } from './b2c-errors.ts';
