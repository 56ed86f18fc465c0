// The large data set for benchmarks: 100,000 users and 2,000 applications (plus the demo
// data), generated inside the database with generate_series.
import { sql } from 'kysely';
import type { Database } from '../database.ts';
import { apps, roles } from './ids.ts';

export async function seedLarge(db: Database, sizes: { users?: number; applications?: number } = {}): Promise<void> {
  const userCount = sizes.users ?? 100_000;
  const appCount = sizes.applications ?? 2_000;
  await db.transaction().execute(async (trx) => {
    await sql`
      INSERT INTO applications (id, label, description, url, sort_number, access_request_allowed, internal, released)
      SELECT 'app-' || lpad(i::text, 5, '0'),
             (ARRAY['Auftrag','Lager','Montage','Service','Planung','Katalog','Rechnung','Logistik','Schulung','Statistik'])[1 + i % 10] || ' ' || lpad(i::text, 5, '0'),
             'Generierte Anwendung ' || i, 'https://app-' || i || '.example.test', 100 + i, i % 3 <> 0, i % 17 = 0, true
      FROM generate_series(1, ${appCount}::int) AS i`.execute(trx);
    await sql`
      INSERT INTO users (id, email, first_name, last_name, company_name, language, internal, created_at)
      SELECT 'f0000000-0000-4000-8000-' || lpad(to_hex(i), 12, '0'),
             'user' || i || '@large.example.test',
             (ARRAY['Anna','Ben','Clara','David','Emma','Felix','Greta','Hannes','Ida','Jonas','Karla','Lukas','Mia','Noah','Olivia','Paul','Rosa','Simon','Tilda','Vincent','Wilma','Xaver','Yara','Zoe'])[1 + i % 24],
             (ARRAY['Bauer','Fischer','Hoffmann','Keller','Koch','Lange','Meyer','Neumann','Richter','Schmidt','Schulz','Wagner','Weber','Wolf','Zimmermann','Braun','Krüger','Hartmann','Werner','Schmitt','Krause','Lehmann','Köhler','Maier','Huber','Kaiser','Fuchs','Peters','Scholz','Möller','Jung','Hahn','Vogel','Friedrich','Günther','Berger','Roth','Beck','Lorenz','Frank'])[1 + (i / 24) % 40] || '-' || (i % 997),
             'Firma ' || (i % 5000),
             (ARRAY['de','en','fr','es','it','nl','pl'])[1 + i % 7], i % 50 = 0,
             now() - (i || ' minutes')::interval
      FROM generate_series(1, ${userCount}::int) AS i`.execute(trx);
    // Two generated applications per user, and every fifth user in the kitchen planner.
    await sql`
      INSERT INTO application_users (application_id, user_id, role_ids)
      SELECT 'app-' || lpad((1 + i % ${appCount}::int)::text, 5, '0'), 'f0000000-0000-4000-8000-' || lpad(to_hex(i), 12, '0'), '{}'::text[]
      FROM generate_series(1, ${userCount}::int) AS i
      UNION ALL
      SELECT 'app-' || lpad((1 + (i * 7 + 3) % ${appCount}::int)::text, 5, '0'), 'f0000000-0000-4000-8000-' || lpad(to_hex(i), 12, '0'), '{}'::text[]
      FROM generate_series(1, ${userCount}::int) AS i WHERE (i * 7 + 3) % ${appCount}::int <> i % ${appCount}::int
      UNION ALL
      SELECT ${apps.kitchenPlanner}, 'f0000000-0000-4000-8000-' || lpad(to_hex(i), 12, '0'), ARRAY[${roles.planner}]::text[]
      FROM generate_series(5, ${userCount}::int, 5) AS i`.execute(trx);
    await sql`
      INSERT INTO access_requests (id, application_id, user_id, status, requested_at)
      SELECT 'e0000000-0000-4000-8000-' || lpad(to_hex(i), 12, '0'),
             CASE WHEN i % 4 = 0 THEN ${apps.kitchenPlanner} ELSE 'app-' || lpad((1 + (i * 13) % ${appCount}::int)::text, 5, '0') END,
             'f0000000-0000-4000-8000-' || lpad(to_hex(i * 3 + 1), 12, '0'),
             (ARRAY['OPEN','OPEN','ACCEPTED','DENIED'])[1 + i % 4], now() - (i || ' hours')::interval
      FROM generate_series(1, LEAST(10000, ${userCount}::int / 4)) AS i
      ON CONFLICT DO NOTHING`.execute(trx);
    await sql`
      INSERT INTO history (table_name, entity, mode, field, value, updated_by)
      SELECT 'users', 'f0000000-0000-4000-8000-' || lpad(to_hex(i), 12, '0'), 'CREATE', 'email', 'user' || i || '@large.example.test', NULL
      FROM generate_series(1, ${userCount}::int) AS i`.execute(trx);
  });
  // Fresh visibility maps and statistics, so that the planner can use index-only scans.
  await sql`VACUUM ANALYZE`.execute(db);
}
