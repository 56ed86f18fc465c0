// The hot-row figures (issue #28.7), printed beside their budgets: two bulk grants of 1,000
// users and an expiry sweep of 1,000 grants, all of one application, at once on a PostgreSQL
// server — the wall time against the three one after another, and the time backends spent
// waiting for a lock meanwhile. Until #28.7 every write to users, application users and access
// requests updated one row per table (the list versions) and per application (the user counts),
// so the three ran one after another; the figures of that code are kept below (BEFORE) and
// printed beside. Measured in process by the API's own bench (`pnpm --filter @portal/api
// bench:hot-row`, apps/api/bench/hot-row.ts) on a throw-away server; runs after `npm run bench`'s
// other figures; alone: `pnpm --filter @portal/bench bench:hot-row`. Needs Debian's PostgreSQL.
//
// Environment: BENCH_HOT_ROW_USERS (1000, per writer), BENCH_HOT_ROW_ROUNDS (3).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { renderTable, type Row } from './stats.ts';

const workspaceRoot = join(import.meta.dirname, '..', '..');
const users = Number(process.env.BENCH_HOT_ROW_USERS ?? 1000);
const rounds = Number(process.env.BENCH_HOT_ROW_ROUNDS ?? 3);

/** The same run on the code before #28.7 (commit 8c2e667, one row per table), 2026-11-27, load average 20–24. */
const BEFORE = { aloneSum: 29_194, wall: 28_378, lockWaitMs: 32_185 };

interface Summary {
  usersPerWriter: number;
  rounds: number;
  alone: { bulkA: number; bulkB: number; sweep: number };
  together: { bulkA: number; bulkB: number; sweep: number; wall: number; lockWaitMs: number };
  wallSamples: number[];
  lockWaitSamples: number[];
}

function measure(): Summary | { error: string } {
  if (!existsSync('/usr/lib/postgresql')) return { error: 'no PostgreSQL binaries under /usr/lib/postgresql' };
  const run = spawnSync(
    'pnpm',
    [
      '--silent',
      '--filter',
      '@portal/api',
      'bench:hot-row',
      '--json',
      '--users',
      String(users),
      '--rounds',
      String(rounds),
    ],
    { cwd: workspaceRoot, encoding: 'utf8', timeout: 1_200_000, maxBuffer: 16 * 1024 * 1024 },
  );
  const output = `${run.stdout ?? ''}${run.stderr ?? ''}`;
  const line = /^HOTROW (.+)$/m.exec(output)?.[1];
  if (run.status !== 0 || line === undefined)
    return { error: `exit ${run.status ?? run.signal}: ${output.trim().split('\n').slice(-1)[0] ?? ''}`.slice(0, 160) };
  return JSON.parse(line) as Summary;
}

const started = performance.now();
const result = measure();
const n = users.toLocaleString('en');
const what = `2 bulk grants (${n} users each) + an expiry sweep (${n} grants), one application, at once`;
const table: Row[] =
  'error' in result
    ? [{ figure: `hot rows: ${what}, wall time`, value: undefined, unit: 'ms', budget: undefined, note: result.error }]
    : (() => {
        const { alone, together } = result;
        const aloneSum = alone.bulkA + alone.bulkB + alone.sweep;
        return [
          {
            figure: `hot rows: ${what}, wall time`,
            value: together.wall,
            unit: 'ms',
            // At once must take less than one after another: nothing makes them queue.
            budget: aloneSum,
            note:
              `budget: the three one after another (bulk ${alone.bulkA} + ${alone.bulkB}, sweep ${alone.sweep} ms); ` +
              `at once each took ${together.bulkA}, ${together.bulkB}, ${together.sweep} ms; runs ${result.wallSamples.join(', ')} ms; ` +
              `before #28.7: ${BEFORE.wall.toLocaleString('en')} ms against ${BEFORE.aloneSum.toLocaleString('en')} one after another`,
            samples: result.wallSamples,
          },
          {
            figure: 'hot rows: time waiting for locks meanwhile (summed over backends)',
            value: together.lockWaitMs,
            unit: 'ms',
            budget: 100,
            note: `pg_stat_activity sampled every 10 ms; runs ${result.lockWaitSamples.join(', ')} ms; before #28.7: ${BEFORE.lockWaitMs.toLocaleString('en')} ms`,
            samples: result.lockWaitSamples,
          },
        ] satisfies Row[];
      })();
console.log(
  `\nHot rows (issue #28.7): in process on a throw-away PostgreSQL server, the large data set at 20,000 users, medians of ${rounds} rounds; ` +
    `${availableParallelism()} cores; ${((performance.now() - started) / 1000).toFixed(0)} s in all\n`,
);
console.log(renderTable(table));
