// Seeds an empty database with the demo data, and on request the large data set on top
// (also into a database that holds only the demo data).
import { withAdvisoryLock } from '@portal/server';
import type { Database } from '../database.ts';
import { isEmpty, seedDemo } from './demo.ts';
import type { SeedOptions } from './demo.ts';
import { seedLarge } from './large.ts';

async function hasLargeData(db: Database): Promise<boolean> {
  return (
    (await db.selectFrom('applications').select('id').where('id', '=', 'app-00001').executeTakeFirst()) !== undefined
  );
}

/** The advisory lock that one seeding instance holds ("seed"). */
const seedLockKey = 0x73656564n;

/** Returns what was seeded. */
export async function seed(
  db: Database,
  kind: 'demo' | 'large' | 'none',
  options: SeedOptions,
  onPhase?: (phase: string, ms: number) => void,
): Promise<string[]> {
  const done: string[] = [];
  if (kind === 'none') return done;
  // Several instances may start together on one empty database (#21): one seeds, under a
  // session-level advisory lock on one connection; the others wait and find it seeded.
  return withAdvisoryLock(db, seedLockKey, async (conn) => {
    if (await isEmpty(conn)) {
      await seedDemo(conn, options);
      done.push('demo');
    }
    if (kind === 'large' && !(await hasLargeData(conn))) {
      await seedLarge(conn, {}, onPhase);
      done.push('large');
    }
    return done;
  });
}
