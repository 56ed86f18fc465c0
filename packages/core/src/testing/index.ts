// @portal/core/testing: in-memory ports for tests, stories and QA.

export type { Deferred, FakeIdentityProvider, TestPorts } from './fakes.ts';
export {
  createDeferred,
  flushPromises,
  fakeJwt,
  createFakeClock,
  createSeededRandom,
  createScriptedRandom,
  createDigest,
  createMemoryAuthStateStore,
  createMemorySessionStore,
  createMemoryLock,
  createFakeNavigator,
  createFakeIdentityProvider,
  queryOf,
  createFakePortalApi,
  createMemoryLocaleStore,
  createMemoryMarkerStore,
  createTestPorts,
  testAuthConfig,
} from './fakes.ts';
export { sha256 } from './sha256.ts';
