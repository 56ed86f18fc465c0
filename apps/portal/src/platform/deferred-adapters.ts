// Adapters the first route does not use, in a chunk of their own (ADR 0007): the user-side
// API calls other than the launcher's list. The composition root reaches them through `lazyPort`.
export { createPortalApi } from '@portal/adapters';
