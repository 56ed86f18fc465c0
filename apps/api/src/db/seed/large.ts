// The large data set for benchmarks: 100,000 users and 2,000 applications (plus the demo
// data), generated inside the database with generate_series (set-based, one transaction).
// The secondary indexes of the bulk-loaded tables are dropped first and rebuilt after the
// load (one sorted build each instead of ~430,000 single-row index inserts; the trigram GIN
// index most of all); primary keys and unique indexes stay, so every key and the one-open-
// request rule are still checked. Same rows as ever: deterministic apart from timestamps
// (relative to now()) and the history ids (random UUIDs).
import { sql } from 'kysely';
import type { Database } from '../database.ts';
import { refreshListStatistics } from '../migrations/0018_counters_per_backend.ts';
import { apps, roles } from './ids.ts';

const BULK_TABLES = ['users', 'application_users', 'access_requests', 'history'] as const;

export async function seedLarge(
  db: Database,
  sizes: { users?: number; applications?: number } = {},
  onPhase: (phase: string, ms: number) => void = () => undefined,
): Promise<void> {
  const userCount = sizes.users ?? 100_000;
  const appCount = sizes.applications ?? 2_000;
  let t = performance.now();
  const phase = (name: string) => {
    const now = performance.now();
    onPhase(name, now - t);
    t = now;
  };
  await db.transaction().execute(async (trx) => {
    await sql`SET LOCAL maintenance_work_mem = '128MB'`.execute(trx);
    await sql`SET LOCAL work_mem = '64MB'`.execute(trx);
    const { rows: indexes } = await sql<{ name: string; definition: string }>`
      SELECT c.relname AS name, pg_get_indexdef(c.oid) AS definition
      FROM pg_index x JOIN pg_class c ON c.oid = x.indexrelid JOIN pg_class t ON t.oid = x.indrelid
      WHERE t.relnamespace = current_schema()::regnamespace AND t.relname IN (${sql.join(BULK_TABLES)})
        AND NOT x.indisunique AND NOT x.indisprimary
      ORDER BY c.relname`.execute(trx);
    for (const index of indexes) await sql`DROP INDEX ${sql.id(index.name)}`.execute(trx);
    phase('drop secondary indexes');
    await sql`
      INSERT INTO applications (id, label, description, url, sort_number, access_request_allowed, internal, released)
      SELECT 'app-' || lpad(i::text, 5, '0'),
             (ARRAY['Auftrag','Lager','Montage','Service','Planung','Katalog','Rechnung','Logistik','Schulung','Statistik'])[1 + i % 10] || ' ' || lpad(i::text, 5, '0'),
             'Generierte Anwendung ' || i, 'https://app-' || i || '.example.test', 100 + i, i % 3 <> 0, i % 17 = 0, true
      FROM generate_series(1, ${appCount}::int) AS i`.execute(trx);
    phase('applications');
    await sql`
      INSERT INTO users (id, email, first_name, last_name, company_name, language, internal, created_at)
      SELECT 'f0000000-0000-4000-8000-' || lpad(to_hex(i), 12, '0'),
             'user' || i || '@large.example.test',
             (ARRAY['Anna','Ben','Clara','David','Emma','Felix','Greta','Hannes','Ida','Jonas','Karla','Lukas','Mia','Noah','Olivia','Paul','Rosa','Simon','Tilda','Vincent','Wilma','Xaver','Yara','Zoe'])[1 + i % 24],
             (ARRAY['Bauer','Fischer','Hoffmann','Keller','Koch','Lange','Meyer','Neumann','Richter','Schmidt','Schulz','Wagner','Weber','Wolf','Zimmermann','Braun','Krüger','Hartmann','Werner','Schmitt','Krause','Lehmann','Köhler','Maier','Huber','Kaiser','Fuchs','Peters','Scholz','Möller','Jung','Hahn','Vogel','Friedrich','Günther','Berger','Roth','Beck','Lorenz','Frank'])[1 + (i / 24) % 40] || '-' || (i % 997),
             'Firma ' || (i % 5000),
             (ARRAY['de','en','fr','es','it','nl','pl'])[1 + i % 7], i % 50 = 0,
             now() - make_interval(mins => i)
      FROM generate_series(1, ${userCount}::int) AS i`.execute(trx);
    phase('users');
    // The generated rows reference only rows generated above or seeded with the demo data:
    // as a superuser, skip the per-row foreign-key triggers of the link tables (440,000 key
    // look-ups). `replica` also silences the tables' own triggers (counts, list versions):
    // their figures are recomputed after the load.
    const {
      rows: [role],
    } = await sql<{ super: boolean }>`SELECT rolsuper AS super FROM pg_roles WHERE rolname = current_user`.execute(trx);
    if (role?.super) await sql`SET LOCAL session_replication_role = replica`.execute(trx);
    // Two generated applications per user, and every fifth user in the kitchen planner.
    // In key order, so that the primary-key index is filled page by page.
    await sql`
      INSERT INTO application_users (application_id, user_id, role_ids)
      SELECT * FROM (
      SELECT 'app-' || lpad((1 + i % ${appCount}::int)::text, 5, '0'), 'f0000000-0000-4000-8000-' || lpad(to_hex(i), 12, '0'), '{}'::text[]
      FROM generate_series(1, ${userCount}::int) AS i
      UNION ALL
      SELECT 'app-' || lpad((1 + (i * 7 + 3) % ${appCount}::int)::text, 5, '0'), 'f0000000-0000-4000-8000-' || lpad(to_hex(i), 12, '0'), '{}'::text[]
      FROM generate_series(1, ${userCount}::int) AS i WHERE (i * 7 + 3) % ${appCount}::int <> i % ${appCount}::int
      UNION ALL
      SELECT ${apps.kitchenPlanner}, 'f0000000-0000-4000-8000-' || lpad(to_hex(i), 12, '0'), ARRAY[${roles.planner}]::text[]
      FROM generate_series(5, ${userCount}::int, 5) AS i) AS g ORDER BY 1, 2`.execute(trx);
    phase('application_users');
    await sql`
      INSERT INTO access_requests (id, application_id, user_id, status, requested_at)
      SELECT 'e0000000-0000-4000-8000-' || lpad(to_hex(i), 12, '0'),
             CASE WHEN i % 4 = 0 THEN ${apps.kitchenPlanner} ELSE 'app-' || lpad((1 + (i * 13) % ${appCount}::int)::text, 5, '0') END,
             'f0000000-0000-4000-8000-' || lpad(to_hex(i * 3 + 1), 12, '0'),
             (ARRAY['OPEN','OPEN','ACCEPTED','DENIED'])[1 + i % 4], now() - make_interval(hours => i)
      FROM generate_series(1, LEAST(10000, ${userCount}::int / 4)) AS i
      ON CONFLICT DO NOTHING`.execute(trx);
    phase('access_requests');
    // History ids are random UUIDs: build their primary key once after the load.
    await sql`ALTER TABLE history DROP CONSTRAINT history_pkey`.execute(trx);
    await sql`
      INSERT INTO history (table_name, entity, mode, field, value, updated_by)
      SELECT 'users', 'f0000000-0000-4000-8000-' || lpad(to_hex(i), 12, '0'), 'CREATE', 'email', 'user' || i || '@large.example.test', NULL
      FROM generate_series(1, ${userCount}::int) AS i`.execute(trx);
    await sql`ALTER TABLE history ADD CONSTRAINT history_pkey PRIMARY KEY (id)`.execute(trx);
    phase('history');
    if (role?.super) await sql`SET LOCAL session_replication_role = origin`.execute(trx);
    // The trigger-kept counts and list versions, which the load may have bypassed.
    await refreshListStatistics(trx);
    for (const index of indexes) await sql.raw(index.definition).execute(trx);
    phase(`rebuild ${indexes.length} indexes`);
  });
  phase('commit');
  // Fresh visibility maps and statistics, so that the planner can use index-only scans.
  await sql`VACUUM ANALYZE ${sql.join(['applications', ...BULK_TABLES].map((name) => sql.table(name)))}`.execute(db);
  phase('vacuum analyze');
}
