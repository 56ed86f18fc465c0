// Starts a throw-away PostgreSQL server from Debian's binaries (/usr/lib/postgresql/*/bin)
// in a temporary directory on a free loopback port. As root it runs as the postgres user
// through runuser (the server refuses to run as root). Used by the API's server suite and
// bench, the portal server's two-instance test and the scale-out shape (scripts/cluster.ts).
import { spawn, spawnSync } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export function postgresBin(): string | undefined {
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return undefined;
  const versions = readdirSync(base)
    .filter((v) => existsSync(join(base, v, 'bin', 'postgres')) && existsSync(join(base, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? join(base, versions[0], 'bin') : undefined;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export interface RunningPostgres {
  url: string;
  /** Settles when the server's process has ended (stopped, or died). */
  exited: Promise<void>;
  stop: () => Promise<void>;
}

export async function startPostgres(bin: string): Promise<RunningPostgres> {
  const root = process.getuid?.() === 0;
  const dir = mkdtempSync(join(tmpdir(), 'api-pg-'));
  const data = join(dir, 'data');
  if (root) {
    const pw = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' });
    const gid = spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' });
    chownSync(dir, Number(pw.stdout.trim()), Number(gid.stdout.trim()));
  }
  const as = (cmd: string, args: string[]) =>
    root ? (['runuser', ['-u', 'postgres', '--', cmd, ...args]] as const) : ([cmd, args] as const);
  const [initCmd, initArgs] = as(join(bin, 'initdb'), [
    '-D',
    data,
    '-A',
    'trust',
    '-U',
    'postgres',
    '--no-sync',
    '-E',
    'UTF8',
    '--locale=C',
  ]);
  const init = spawnSync(initCmd, initArgs, { encoding: 'utf8', cwd: dir });
  if (init.status !== 0) throw new Error(`initdb failed: ${init.stderr}`);
  const port = await freePort();
  const [cmd, args] = as(join(bin, 'postgres'), [
    '-D',
    data,
    '-k',
    dir,
    '-h',
    '127.0.0.1',
    '-p',
    String(port),
    '-c',
    'fsync=off',
    '-c',
    'synchronous_commit=off',
    '-c',
    'full_page_writes=off',
    '-c',
    'max_connections=200',
  ]);
  const child: ChildProcess = spawn(cmd, args, { cwd: dir, stdio: ['ignore', 'ignore', 'pipe'] });
  let log = '';
  child.stderr?.on('data', (chunk: Buffer) => (log = (log + chunk.toString()).slice(-4000)));
  const exited = new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      // A fast shutdown through pg_ctl; signals to runuser are not passed on reliably.
      const [stopCmd, stopArgs] = as(join(bin, 'pg_ctl'), ['-D', data, 'stop', '-m', 'fast', '-w']);
      const stopped = spawnSync(stopCmd, stopArgs, { encoding: 'utf8', cwd: dir, timeout: 30_000 });
      if (stopped.status !== 0) child.kill('SIGKILL');
      await exited;
    }
    rmSync(dir, { recursive: true, force: true });
  };
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  const deadline = Date.now() + 30_000;
  // pg_isready (from the same binaries): exit status 0 once the server accepts connections.
  const isReady = ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', '-d', 'postgres', '-t', '2'];
  while (spawnSync(join(bin, 'pg_isready'), isReady, { stdio: 'ignore' }).status !== 0) {
    if (child.exitCode !== null || Date.now() > deadline) {
      // A server that started but never answered is not left behind.
      await stop();
      throw new Error(`PostgreSQL did not start: ${log}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { url, exited, stop };
}
