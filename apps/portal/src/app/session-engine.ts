// Core's session machine and XState: a chunk of their own, loaded after the first paint
// (the session handle of the composition root asks for it; ADR 0007).
export { startSessionEngine } from '@portal/core';
