// pnpm --filter @portal/api bench:list-versions [--postgres] [--rows N]
// The candidates for the list caches' table versions (issue #28.7, ADR 0018 "list versions"),
// measured side by side on one table of N rows (default 100,000): what a write statement costs
// with each (one row, 1,000 rows), what reading the version costs, whether two writers of
// different rows wait for each other, and whether the version is right after writers commit in
// another order than they wrote (a figure filed under a version that no longer changes when the
// data does is served stale until the next write). PGlite runs one query at a time: the last two
// are measured on a PostgreSQL server only (--postgres).
//
//   hot row        one row per table, bumped by a statement trigger (migration 0003, before #28.7)
//   change time    a per-row change time (row trigger) with an index; version = max(change time), count(*)
//   sequence       a statement trigger draws from a sequence; version = its last value
//   pg_stat        no trigger; version = the table's n_tup_ins + n_tup_upd + n_tup_del
//   per backend    one row per table and server backend (pg_backend_pid()), bumped by a statement
//                  trigger; version = their sum (migration 0018)
import { parseArgs } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { postgresBin, startPostgres } from '@portal/tooling/postgres-server';

const { values: args } = parseArgs({
  options: { postgres: { type: 'boolean', default: false }, rows: { type: 'string', default: '100000' } },
});
const rows = Number(args.rows);

interface Conn {
  query(text: string): Promise<Record<string, unknown>[]>;
}

interface Option {
  name: string;
  setup: string;
  version: string;
}

const options: Option[] = [
  {
    name: 'hot row',
    setup: `
      CREATE TABLE v_hot (table_name text PRIMARY KEY, version bigint NOT NULL DEFAULT 0);
      INSERT INTO v_hot VALUES ('t', 0);
      CREATE FUNCTION v_hot_bump() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN UPDATE v_hot SET version = version + 1 WHERE table_name = TG_TABLE_NAME; RETURN NULL; END $$;
      CREATE TRIGGER t_v AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON t FOR EACH STATEMENT EXECUTE FUNCTION v_hot_bump();`,
    version: `SELECT version::text AS v FROM v_hot WHERE table_name = 't'`,
  },
  {
    name: 'change time',
    setup: `
      ALTER TABLE t ADD COLUMN changed_at timestamptz NOT NULL DEFAULT clock_timestamp();
      CREATE INDEX t_changed_at ON t (changed_at);
      CREATE FUNCTION v_time_touch() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN NEW.changed_at := clock_timestamp(); RETURN NEW; END $$;
      CREATE TRIGGER t_v BEFORE UPDATE ON t FOR EACH ROW EXECUTE FUNCTION v_time_touch();`,
    // Deletes leave no change time: the count stands in for them.
    version: `SELECT max(changed_at)::text || '/' || count(*) AS v FROM t`,
  },
  {
    name: 'sequence',
    setup: `
      CREATE SEQUENCE v_seq;
      CREATE FUNCTION v_seq_bump() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN PERFORM nextval('v_seq'); RETURN NULL; END $$;
      CREATE TRIGGER t_v AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON t FOR EACH STATEMENT EXECUTE FUNCTION v_seq_bump();`,
    version: `SELECT last_value::text AS v FROM v_seq`,
  },
  {
    name: 'pg_stat',
    setup: ``,
    version: `SELECT (n_tup_ins + n_tup_upd + n_tup_del)::text AS v FROM pg_stat_all_tables WHERE relid = 't'::regclass`,
  },
  {
    name: 'per backend',
    setup: `
      CREATE TABLE v_backend (table_name text, backend integer, version bigint NOT NULL, PRIMARY KEY (table_name, backend));
      CREATE FUNCTION v_backend_bump() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO v_backend VALUES (TG_TABLE_NAME, pg_backend_pid(), 1)
        ON CONFLICT (table_name, backend) DO UPDATE SET version = v_backend.version + 1;
        RETURN NULL;
      END $$;
      CREATE TRIGGER t_v AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON t FOR EACH STATEMENT EXECUTE FUNCTION v_backend_bump();`,
    version: `SELECT coalesce(sum(version), 0)::text AS v FROM v_backend WHERE table_name = 't'`,
  },
];

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? NaN;
};

async function timed(n: number, run: (i: number) => Promise<unknown>): Promise<number> {
  const ms: number[] = [];
  for (let i = 0; i < n; i += 1) {
    const t = performance.now();
    await run(i);
    ms.push(performance.now() - t);
  }
  return median(ms);
}

const reset = `
  DROP TABLE IF EXISTS t, v_hot, v_backend CASCADE; DROP SEQUENCE IF EXISTS v_seq;
  DROP FUNCTION IF EXISTS v_hot_bump(), v_time_touch(), v_seq_bump(), v_backend_bump();`;
const create = `
  CREATE TABLE t (id integer PRIMARY KEY, v integer NOT NULL);
  INSERT INTO t SELECT i, 0 FROM generate_series(1, ${rows}) AS i;
  ANALYZE t;`;

async function versionOf(conn: Conn, option: Option): Promise<string> {
  const [row] = await conn.query(option.version);
  return String(row?.v);
}

interface Figures {
  option: string;
  writeOneMs: number;
  writeThousandMs: number;
  versionMs: number;
  secondWriterWaitedMs?: number;
  rightAfterCommits?: string;
}

/** Two writers of different rows: the first holds its transaction open 1 s; how long the second's statement took. */
async function secondWriterWait(a: pg.Client, b: pg.Client): Promise<number> {
  await a.query('BEGIN');
  await a.query('UPDATE t SET v = v + 1 WHERE id = 1');
  const t = performance.now();
  const second = b.query('UPDATE t SET v = v + 1 WHERE id = 2').then(() => performance.now() - t);
  await new Promise((r) => setTimeout(r, 1_000));
  await a.query('COMMIT');
  return second;
}

/**
 * Writers that commit in another order than they wrote: A writes, B writes and commits, a
 * reader takes the version and the figure, A commits; the version must now differ, or the
 * figure (without A's write) stays filed under the current version. Then two commits of one
 * backend in a row: the second must move the version at once too (pg_stat's counters are
 * flushed at most once a second per backend).
 */
async function rightAfterCommits(option: Option, a: pg.Client, b: pg.Client, reader: Conn): Promise<string> {
  await a.query('BEGIN');
  await a.query('UPDATE t SET v = v + 1 WHERE id = 10');
  await b.query('BEGIN');
  await b.query(`SET LOCAL lock_timeout = '1s'`);
  // With one row for everyone, B waits for A (and would until A commits): B gives up after 1 s.
  const waited = await b.query('UPDATE t SET v = v + 1 WHERE id = 11').then(
    () => false,
    (error: unknown) => {
      if ((error as { code?: string }).code !== '55P03') throw error;
      return true;
    },
  );
  await b.query(waited ? 'ROLLBACK' : 'COMMIT');
  const before = await versionOf(reader, option);
  await a.query('COMMIT');
  const after = await versionOf(reader, option);
  if (after !== before) {
    // Two commits of one backend 1 ms apart: the second must move the version as the first did.
    await a.query('UPDATE t SET v = v + 1 WHERE id = 12');
    const first = await versionOf(reader, option);
    await a.query('UPDATE t SET v = v + 1 WHERE id = 13');
    const second = await versionOf(reader, option);
    if (second !== first) return waited ? 'yes (B cannot write before A commits)' : 'yes';
    const t = performance.now();
    while (performance.now() - t < 5_000) {
      if ((await versionOf(reader, option)) !== first)
        return `NO: a second commit seen ${Math.round(performance.now() - t)} ms late`;
      await new Promise((r) => setTimeout(r, 10));
    }
    return 'NO: a second commit not seen within 5 s';
  }
  const t = performance.now();
  while (performance.now() - t < 5_000) {
    if ((await versionOf(reader, option)) !== before)
      return `NO: stale for ${Math.round(performance.now() - t)} ms after the commit`;
    await new Promise((r) => setTimeout(r, 10));
  }
  return 'NO: stale until the next write';
}

async function measure(conn: Conn, option: Option, server?: { a: pg.Client; b: pg.Client }): Promise<Figures> {
  await conn.query(reset);
  await conn.query(create);
  if (option.setup) await conn.query(option.setup);
  await conn.query('ANALYZE t');
  const writeOneMs = await timed(200, (i) =>
    conn.query(`UPDATE t SET v = v + 1 WHERE id = ${1 + ((i * 7919) % rows)}`),
  );
  const writeThousandMs = await timed(20, (i) =>
    conn.query(`UPDATE t SET v = v + 1 WHERE id BETWEEN ${1 + i * 1000} AND ${(i + 1) * 1000}`),
  );
  const versionMs = await timed(200, () => versionOf(conn, option));
  const figures: Figures = { option: option.name, writeOneMs, writeThousandMs, versionMs };
  if (server) {
    figures.secondWriterWaitedMs = await secondWriterWait(server.a, server.b);
    figures.rightAfterCommits = await rightAfterCommits(option, server.a, server.b, conn);
  } else {
    // One connection: writers cannot interleave; what is left to see is whether a commit moves the version at all.
    const before = await versionOf(conn, option);
    await conn.query('UPDATE t SET v = v + 1 WHERE id = 3');
    await new Promise((r) => setTimeout(r, 1_500));
    figures.rightAfterCommits =
      (await versionOf(conn, option)) === before ? 'NO: a write did not move it (1.5 s later)' : 'yes';
  }
  return figures;
}

const results: Figures[] = [];
if (args.postgres) {
  const bin = postgresBin();
  if (!bin) throw new Error('no PostgreSQL binaries under /usr/lib/postgresql');
  const server = await startPostgres(bin);
  const [reader, a, b] = [0, 1, 2].map(() => new pg.Client({ connectionString: server.url }));
  try {
    for (const c of [reader, a, b]) await c?.connect();
    if (!reader || !a || !b) throw new Error('no clients');
    const conn: Conn = { query: async (text) => (await reader.query(text)).rows as Record<string, unknown>[] };
    for (const option of options) results.push(await measure(conn, option, { a, b }));
  } finally {
    for (const c of [reader, a, b]) await c?.end();
    await server.stop();
  }
} else {
  const pglite = await PGlite.create();
  const conn: Conn = {
    query: async (text) => {
      const out = await pglite.exec(text);
      return out.at(-1)?.rows ?? [];
    },
  };
  for (const option of options) results.push(await measure(conn, option));
  await pglite.close();
}

const where = args.postgres ? 'PostgreSQL server' : 'PGlite';
console.log(`\nList versions on ${where}, one table of ${rows.toLocaleString('en')} rows (medians)\n`);
const header = [
  'option',
  'UPDATE 1 row',
  'UPDATE 1,000 rows',
  'read version',
  'second writer took',
  'right after commits',
];
const lines = results.map((r) => [
  r.option,
  `${r.writeOneMs.toFixed(2)} ms`,
  `${r.writeThousandMs.toFixed(1)} ms`,
  `${r.versionMs.toFixed(2)} ms`,
  r.secondWriterWaitedMs === undefined ? '—' : `${Math.round(r.secondWriterWaitedMs)} ms`,
  r.rightAfterCommits ?? '—',
]);
const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => (l[i] ?? '').length)));
const row = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join(' | ')} |`;
console.log([row(header), row(widths.map((w) => '-'.repeat(w))), ...lines.map(row)].join('\n'));
