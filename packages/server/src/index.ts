// @portal/server: what the portal server and the API share (architecture §2): the identity
// provider's configuration and its discovery checks (issue #27), a request body read up to its
// limit with the drain of a refused one (#31.2).
export {
  checkProviderUrl,
  providerConfigFromEnv,
  ProviderConfigError,
  tokenFlowKeys,
  type ClaimNames,
  type ClientAuth,
  type ProviderConfig,
  type ProviderKind,
} from './provider/config.ts';
export { discoveryUrl, loadProvider, type LoadedProvider, type ProviderMetadata } from './provider/discovery.ts';
export { readBoundedBody, refusedBodyDrainBytes, refusedBodyDrainMs, type BoundedBody } from './http/bounded-body.ts';
