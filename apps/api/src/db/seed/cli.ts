// pnpm --filter @portal/api seed [demo|large]: seeds the database of the environment
// (API_DATA_DIR or DATABASE_URL): demo data into an empty database, the large data set on top.
import { configOrExit } from '../../config.ts';
import { migrate, openDatabase } from '../database.ts';
import { seed } from './index.ts';

const kind = process.argv[2] ?? 'demo';
if (kind !== 'demo' && kind !== 'large') {
  console.error('usage: seed [demo|large]');
  process.exit(2);
}
const config = configOrExit();
const db = await openDatabase({ dataDir: config.dataDir, connectionString: config.databaseUrl });
await migrate(db, { secrets: config.secrets });
const started = Date.now();
const seeded = await seed(
  db,
  kind,
  { portalUrl: config.portalUrl, dealerShopUrl: config.dealerShopUrl, secrets: config.secrets },
  (phase, ms) => console.log(`  ${phase}: ${Math.round(ms)} ms`),
);
console.log(
  seeded.length
    ? `seeded ${seeded.join(' + ')} data in ${Date.now() - started} ms`
    : `the database already holds the ${kind} data: nothing seeded`,
);
await db.destroy();
