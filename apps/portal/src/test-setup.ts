// Unit tests' setup (vitest.config.ts, project unit). Dialogs, menus and pages load their code
// on first use (ADR 0007): a `findBy…` that waits for one waits for a dynamic import, which on a
// busy 2-core machine takes longer than Testing Library's default second. Waiting is bounded and
// ends as soon as the element is there, so a longer limit costs nothing when the code is quick.
import { configure } from '@testing-library/react';

configure({ asyncUtilTimeout: 5_000 });
