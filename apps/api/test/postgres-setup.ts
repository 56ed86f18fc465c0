// Vitest global setup of the PostgreSQL-server project: one server for the run; each test
// file creates its own database on it (see harness.ts).
import type { TestProject } from 'vitest/node';
import { postgresBin, startPostgres } from '@portal/tooling/postgres-server';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const bin = postgresBin();
  if (!bin) throw new Error('no PostgreSQL binaries under /usr/lib/postgresql');
  const server = await startPostgres(bin);
  project.provide('postgresUrl', server.url);
  return server.stop;
}
