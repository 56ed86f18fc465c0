// Seeds an empty database with the demo data, and on request the large data set on top
// (also into a database that holds only the demo data).
import type { Database } from '../database.ts';
import { isEmpty, seedDemo } from './demo.ts';
import type { SeedOptions } from './demo.ts';
import { seedLarge } from './large.ts';

export async function hasLargeData(db: Database): Promise<boolean> {
  return (await db.selectFrom('applications').select('id').where('id', '=', 'app-00001').executeTakeFirst()) !== undefined;
}

/** Returns what was seeded. */
export async function seed(
  db: Database, kind: 'demo' | 'large' | 'none', options: SeedOptions,
  onPhase?: (phase: string, ms: number) => void,
): Promise<string[]> {
  const done: string[] = [];
  if (kind === 'none') return done;
  if (await isEmpty(db)) {
    await seedDemo(db, options);
    done.push('demo');
  }
  if (kind === 'large' && !(await hasLargeData(db))) {
    await seedLarge(db, {}, onPhase);
    done.push('large');
  }
  return done;
}
