// Test helpers for the provider's clients: an API stub and a scripted browser.
export { startApiStub, type ApiStub } from './api-stub.ts';
export { Browser, isPage, type Page } from './browser.ts';
