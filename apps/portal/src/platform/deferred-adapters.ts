// Adapters the first route does not use, in a chunk of their own (ADR 0007): the user-side
// API calls other than the launcher's list, and the portal server's list of the user's
// sessions. The composition root reaches them through `lazyPort`.
export { createMySessionsApi, createPortalApi } from '@portal/adapters';
