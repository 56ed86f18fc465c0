// Test helpers for the provider's clients: a stub of the API (the scripted browser is @portal/tooling/browser).
export { startApiStub, type ApiStub } from './api-stub.ts';
