// Proves that story tests really fail: runs a Storybook of deliberately broken stories
// through Vitest's API and expects exactly the broken ones to fail, for the right reason.
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { createVitest } from 'vitest/node';

it('fails a story with an accessibility violation and a story with a broken interaction', async () => {
  const config = fileURLToPath(new URL('./failing-stories/vitest.config.ts', import.meta.url));
  const vitest = await createVitest({ config, watch: false, reporters: [{}] });
  const exitCode = process.exitCode;
  try {
    const { testModules } = await vitest.start();
    const outcomes = new Map<string, { state: string; message: string }>();
    for (const module of testModules) {
      for (const test of module.children.allTests()) {
        const result = test.result();
        outcomes.set(test.name, {
          state: result.state,
          message: (result.errors ?? []).map((error) => error.message).join('\n'),
        });
      }
    }
    expect(outcomes.get('Passes')?.state).toBe('passed');
    expect(outcomes.get('Inaccessible Icon Button')?.state).toBe('failed');
    expect(outcomes.get('Inaccessible Icon Button')?.message).toMatch(/button-name|discernible text/);
    expect(outcomes.get('Broken Interaction')?.state).toBe('failed');
    expect(outcomes.get('Broken Interaction')?.message).toMatch(/Löschen/);
  } finally {
    await vitest.close();
    // The inner run sets a failing exit code; this test judges it instead.
    process.exitCode = exitCode;
  }
});
