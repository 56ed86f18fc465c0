import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { openDatabase } from './database.ts';

const root = mkdtempSync(join(tmpdir(), 'api-db-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('openDatabase on PGlite', () => {
  it('opens a data folder whose parent folders do not exist yet (a first run)', async () => {
    const db = await openDatabase({ dataDir: join(root, 'bench', 'fresh', 'api') });
    try {
      const { rows } = await sql<{ one: number }>`select 1 as one`.execute(db);
      expect(rows).toEqual([{ one: 1 }]);
    } finally {
      await db.destroy();
    }
  });
});
