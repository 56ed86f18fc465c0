// The scale-out shape (issue #21, ADR 0010): one PostgreSQL server, N instances of the API
// and of the portal server on it, HAProxy in front of both (deploy/haproxy.cfg.template) on
// the stack's public ports, and one identity provider and demo shop. Used by
// `npm run stack -- --instances N` and by the scale-out test (bench/src/scale-out.test.ts),
// which kills and restarts instances: every process is run directly by Node (no pnpm in
// between), so a signal reaches it.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { postgresBin, startPostgres, type RunningPostgres } from '../tooling/postgres-server.ts';

const root = join(import.meta.dirname, '..');

export interface ClusterProcess {
  readonly name: string;
  readonly port: number;
  readonly url: string;
  /** The running process, or undefined after it exited. */
  readonly child: ChildProcess | undefined;
  /** Sends a signal (SIGKILL for a crash). */
  kill(signal?: NodeJS.Signals): void;
  /** Starts it again (after a kill); resolves once its /health answers. */
  start(): Promise<void>;
}

export interface Cluster {
  readonly urls: { readonly portal: string; readonly api: string; readonly idp: string };
  readonly databaseUrl: string;
  readonly apis: readonly ClusterProcess[];
  readonly portals: readonly ClusterProcess[];
  stop(): Promise<void>;
}

export interface ClusterOptions {
  readonly instances: number;
  /** The stack's environment (scripts/stack-config.ts `stackEnv`): public ports and URLs. */
  readonly env: Record<string, string>;
  /** Each line a process prints, with its name. */
  readonly log?: (name: string, line: string) => void;
  /** Called when a process exits that was not killed or stopped through the cluster. */
  readonly onUnexpectedExit?: (name: string, code: number | null) => void;
}

export function haproxyAvailable(): boolean {
  return spawnSync('haproxy', ['-v'], { stdio: 'ignore' }).status === 0;
}

async function waitFor(url: string, timeoutMs = 120_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      if ((await fetch(url, { signal: AbortSignal.timeout(2_000) })).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}

export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  const bin = postgresBin();
  if (bin === undefined)
    throw new Error('the scale-out shape needs PostgreSQL from Debian (apt-get install postgresql)');
  if (!haproxyAvailable()) throw new Error('the scale-out shape needs HAProxy from Debian (apt-get install haproxy)');
  const { env } = options;
  const dataDir = join(env.STACK_DATA_DIR ?? join(root, '.data'), 'cluster');
  mkdirSync(dataDir, { recursive: true });
  const postgres: RunningPostgres = await startPostgres(bin);
  const publicPort = (url: string) => Number(new URL(url).port);
  const portalPort = publicPort(env.PORTAL_URL ?? '');
  const apiPort = publicPort(env.API_URL ?? '');
  const stopping = new Set<string>();
  const all: ClusterProcess[] = [];

  const processOf = (
    name: string,
    cwd: string,
    script: string,
    port: number,
    extra: Record<string, string>,
    health: string,
  ): ClusterProcess => {
    let child: ChildProcess | undefined;
    const self: ClusterProcess = {
      name,
      port,
      url: `http://127.0.0.1:${port}`,
      get child() {
        return child;
      },
      kill(signal = 'SIGTERM') {
        stopping.add(name);
        child?.kill(signal);
      },
      async start() {
        stopping.delete(name);
        const started = spawn(process.execPath, [script], {
          cwd,
          env: { ...process.env, ...env, ...extra },
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        child = started;
        const forward = (buf: Buffer) => {
          for (const line of buf.toString().split('\n')) if (line.trim()) options.log?.(name, line);
        };
        started.stdout?.on('data', forward);
        started.stderr?.on('data', forward);
        started.on('exit', (code) => {
          if (child === started) child = undefined;
          if (!stopping.has(name)) options.onUnexpectedExit?.(name, code);
        });
        await waitFor(`${self.url}${health}`);
      },
    };
    all.push(self);
    return self;
  };

  const database = { DATABASE_URL: postgres.url };
  const idp = processOf(
    'idp',
    join(root, 'apps/idp'),
    'src/main.ts',
    Number(new URL(env.IDP_AUTHORITY ?? '').port),
    {},
    `/${env.IDP_SIGNIN_POLICY ?? 'b2c_1a_signin'}/v2.0/.well-known/openid-configuration`,
  );
  /** The instances of an app behind HAProxy: `<name>-1`, `<name>-2`, … on its public port + 10, + 11, …, each told its port. */
  const instancesOf = (
    name: string,
    app: string,
    balancerPort: number,
    ownPort: (port: number) => Record<string, string>,
  ): ClusterProcess[] =>
    Array.from({ length: options.instances }, (_, i) => {
      const port = balancerPort + 10 + i;
      return processOf(
        `${name}-${i + 1}`,
        join(root, app),
        'src/main.ts',
        port,
        { ...database, ...ownPort(port) },
        '/health',
      );
    });
  const apis = instancesOf('api', 'apps/api', apiPort, (port) => ({ API_PORT: String(port) }));
  const portals = instancesOf('portal', 'apps/portal-server', portalPort, (port) => ({
    PORTAL_PORT: String(port),
    PORTAL_HOST: '127.0.0.1',
  }));
  const servers = (instances: readonly ClusterProcess[]) =>
    instances.map((p) => `    server ${p.name} 127.0.0.1:${p.port} check`).join('\n');

  const config = readFileSync(join(root, 'deploy/haproxy.cfg.template'), 'utf8')
    .replaceAll('{{PORTAL_PORT}}', String(portalPort))
    .replaceAll('{{API_PORT}}', String(apiPort))
    .replace('{{PORTAL_SERVERS}}', servers(portals))
    .replace('{{API_SERVERS}}', servers(apis));
  const configFile = join(dataDir, 'haproxy.cfg');
  writeFileSync(configFile, config);
  let balancer: ChildProcess | undefined;

  const stop = async () => {
    for (const p of all) p.kill('SIGTERM');
    balancer?.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 1_000));
    for (const p of all) p.child?.kill('SIGKILL');
    await postgres.stop();
  };
  try {
    // The provider first: the API reads its discovery documents at start (and gives up after
    // 60 s without them); the provider asks the API only when someone signs in.
    await idp.start();
    // The API instances start together on the empty database: they migrate and seed once
    // however they start (advisory locks).
    await Promise.all(apis.map((a) => a.start()));
    await Promise.all(portals.map((p) => p.start()));
    balancer = spawn('haproxy', ['-db', '-f', configFile], { stdio: ['ignore', 'pipe', 'pipe'] });
    const forward = (buf: Buffer) => {
      for (const line of buf.toString().split('\n')) if (line.trim()) options.log?.('haproxy', line);
    };
    balancer.stdout?.on('data', forward);
    balancer.stderr?.on('data', forward);
    balancer.on('exit', (code) => {
      if (!stopping.has('haproxy')) options.onUnexpectedExit?.('haproxy', code);
    });
    await waitFor(`${env.API_URL}/health`);
    await waitFor(`${env.PORTAL_URL}/health`);
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    urls: { portal: env.PORTAL_URL ?? '', api: env.API_URL ?? '', idp: env.IDP_AUTHORITY ?? '' },
    databaseUrl: postgres.url,
    apis,
    portals,
    stop: async () => {
      stopping.add('haproxy');
      await stop();
    },
  };
}
