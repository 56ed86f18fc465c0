// Seeds an empty database: demo data, and on request the large data set on top.
import type { Database } from '../database.ts';
import { isEmpty, seedDemo } from './demo.ts';
import type { SeedOptions } from './demo.ts';
import { seedLarge } from './large.ts';

export async function seedIfEmpty(db: Database, kind: 'demo' | 'large' | 'none', options: SeedOptions): Promise<boolean> {
  if (kind === 'none' || !(await isEmpty(db))) return false;
  await seedDemo(db, options);
  if (kind === 'large') await seedLarge(db);
  return true;
}
