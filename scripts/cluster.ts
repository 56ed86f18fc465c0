// The scale-out shape (issue #21, ADR 0010): one PostgreSQL server, N instances of the API
// and of the portal server on it, HAProxy in front of both (deploy/haproxy.cfg.template) on
// the stack's public ports, and one identity provider and demo shop. Used by
// `npm run stack -- --instances N` and by the scale-out test (bench/src/scale-out.test.ts),
// which kills and restarts instances: every process is run directly by Node (no pnpm in
// between), so a signal reaches it. Every process gets `env`; with `smtp` the API instances send
// their mails (#29) to that SMTP server instead (the scale-out test and the cluster benches
// start one on loopback: bench/src/mail-catcher.ts).
//
// Failover (issue #28.8): a process that dies on its own (a crash, `kill -9`) is started again
// after a bounded back-off (1 s, 2 s, 4 s, … at most 15 s; 5 failed restarts in a row and it stays
// down), and each step is reported; while an API or portal-server instance is down, HAProxy sends
// everything to the others. Only what the cluster cannot do without ends it (`onFatal`):
// PostgreSQL gone, or every instance of a kind down for good. A process stopped through the
// cluster (`kill`, `stop`) is not restarted. A start that fails — a process that exits before it
// answers (a port taken), or a start aborted through `signal` — stops everything it had started
// before it rejects, and `stop` waits until every child has exited (bounded).
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
  /** Sends a signal (SIGKILL for a crash); a process killed through the cluster is not restarted. */
  kill(signal?: NodeJS.Signals): void;
  /** Starts it again (after a kill); resolves once it answers, rejects if it exits before. */
  start(): Promise<void>;
}

export interface Cluster {
  readonly urls: { readonly portal: string; readonly api: string; readonly idp: string };
  readonly databaseUrl: string;
  readonly apis: readonly ClusterProcess[];
  readonly portals: readonly ClusterProcess[];
  /** Stops every child (no restarts any more) and waits until each has exited. */
  stop(): Promise<void>;
}

/** The back-off of restarts: `firstDelayMs` doubled per failed restart up to `maxDelayMs`, at most `attempts` in a row. */
export interface RestartPolicy {
  readonly firstDelayMs: number;
  readonly maxDelayMs: number;
  readonly attempts: number;
  /** Up this long after a restart, a process's count of restarts in a row starts again. */
  readonly healthyAfterMs: number;
}

const defaultRestartPolicy: RestartPolicy = {
  firstDelayMs: 1_000,
  maxDelayMs: 15_000,
  attempts: 5,
  healthyAfterMs: 60_000,
};

export interface ClusterOptions {
  readonly instances: number;
  /** The stack's environment (scripts/stack-config.ts `stackEnv`): public ports and URLs. */
  readonly env: Record<string, string>;
  /** Each line a process prints, with its name. */
  readonly log?: (name: string, line: string) => void;
  /** What the cluster itself does about a process (restarts, giving up), with the process's name. */
  readonly report?: (name: string, message: string) => void;
  /** Called when a process exits that was not killed or stopped through the cluster. */
  readonly onUnexpectedExit?: (name: string, code: number | null) => void;
  /** Called once when the cluster cannot go on (the caller stops it). */
  readonly onFatal?: (reason: string) => void;
  readonly restart?: Partial<RestartPolicy>;
  /** Aborting it during the start stops what was started and makes the start reject. */
  readonly signal?: AbortSignal;
  /**
   * Where every API instance sends its mails (#29): an SMTP server on `host`:`port` without TLS
   * or authentication, such as a test's catcher on loopback. It replaces the SMTP settings of
   * `env` (MailDev's on the local stack) and of the caller's environment for the API instances;
   * without it they keep those.
   */
  readonly smtp?: SmtpTarget;
}

/** An SMTP server the cluster's API instances send to (`ClusterOptions.smtp`). */
export interface SmtpTarget {
  readonly host: string;
  readonly port: number;
  /** MAIL_POLL_INTERVAL_MS of the instances (else `env`'s, else the API's default). */
  readonly pollIntervalMs?: number;
}

/** The API's environment for sending to `target` (apps/api/src/config.ts): plain SMTP, no user, no password. */
export function smtpEnv(target: SmtpTarget): Record<string, string> {
  return {
    SMTP_HOST: target.host,
    SMTP_PORT: String(target.port),
    SMTP_SECURE: 'false',
    SMTP_STARTTLS: 'never',
    // Empty is unset for the API: no credentials of the caller's environment go to a catcher.
    SMTP_USER: '',
    SMTP_PASSWORD: '',
    ...(target.pollIntervalMs === undefined ? {} : { MAIL_POLL_INTERVAL_MS: String(target.pollIntervalMs) }),
  };
}

export function haproxyAvailable(): boolean {
  return spawnSync('haproxy', ['-v'], { stdio: 'ignore' }).status === 0;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const ended = (child: ChildProcess) => child.exitCode !== null || child.signalCode !== null;
const exitOf = (child: ChildProcess) => String(child.signalCode ?? child.exitCode);
const seconds = (ms: number) => `${Math.round(ms / 100) / 10} s`;

/** Resolves when every URL answers 2xx; rejects when `child` exits first, or after `timeoutMs`. */
async function answering(
  urls: readonly string[],
  child: ChildProcess,
  timeoutMs: number,
  lastLines: () => string,
): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (const url of urls) {
    for (;;) {
      if (ended(child)) throw new Error(`exited (${exitOf(child)}) before ${url} answered${lastLines()}`);
      try {
        if ((await fetch(url, { signal: AbortSignal.timeout(2_000) })).ok) break;
      } catch {
        /* not up yet */
      }
      if (Date.now() > until) throw new Error(`${url} did not answer within ${timeoutMs / 1000} s${lastLines()}`);
      await sleep(200);
    }
  }
}

/** Waits up to `ms` for `child` to exit; true if it did. */
async function exitWithin(child: ChildProcess, ms: number): Promise<boolean> {
  if (ended(child)) return true;
  let timer: NodeJS.Timeout | undefined;
  const exited = await Promise.race([
    new Promise<boolean>((resolve) => child.once('exit', () => resolve(true))),
    new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(false), ms);
    }),
  ]);
  clearTimeout(timer);
  return exited;
}

interface Spec {
  readonly name: string;
  /** Instances of one kind serve for each other ('api', 'portal'); a process of its own kind has none. */
  readonly kind: string;
  readonly command: string;
  readonly args: readonly string[];
  readonly cwd: string;
  readonly port: number;
  readonly extraEnv: Record<string, string>;
  /** What must answer before it counts as up. */
  readonly health: readonly string[];
}

interface Supervised extends ClusterProcess {
  readonly kind: string;
  /** Stopped for good: no restart; resolves once it has exited (SIGTERM, then SIGKILL after 5 s). */
  shutDown(): Promise<void>;
  /** Down for good after its restarts (or stopped). */
  readonly down: boolean;
}

export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  const bin = postgresBin();
  if (bin === undefined)
    throw new Error('the scale-out shape needs PostgreSQL from Debian (apt-get install postgresql)');
  if (!haproxyAvailable()) throw new Error('the scale-out shape needs HAProxy from Debian (apt-get install haproxy)');
  const policy: RestartPolicy = { ...defaultRestartPolicy, ...options.restart };
  const { env } = options;
  const report = (name: string, message: string) => options.report?.(name, message);
  const dataDir = join(env.STACK_DATA_DIR ?? join(root, '.data'), 'cluster');
  mkdirSync(dataDir, { recursive: true });
  const publicPort = (url: string) => Number(new URL(url).port);
  const portalPort = publicPort(env.PORTAL_URL ?? '');
  const apiPort = publicPort(env.API_URL ?? '');
  const all: Supervised[] = [];
  let postgres: RunningPostgres | undefined;
  let stopped: Promise<void> | undefined;
  let fatal = false;

  const fail = (reason: string) => {
    if (fatal || stopped !== undefined) return;
    fatal = true;
    report('cluster', `${reason}; the cluster cannot go on`);
    options.onFatal?.(reason);
  };

  const supervise = (spec: Spec): Supervised => {
    let child: ChildProcess | undefined;
    /** Set by kill() and shutDown(): its next exit is wanted. */
    let deliberate = false;
    let up = false;
    let down = false;
    let restarts = 0;
    let upSince = 0;
    let pending: NodeJS.Timeout | undefined;
    const lines: string[] = [];
    const lastLines = () => (lines.length ? `; its last lines:\n  ${lines.slice(-8).join('\n  ')}` : '');

    const restartLater = () => {
      if (stopped !== undefined || fatal) return;
      if (restarts >= policy.attempts) {
        down = true;
        const others = all.filter((p) => p.kind === spec.kind && p !== self && !p.down);
        if (others.length === 0) fail(`${spec.name} stays down after ${policy.attempts} restarts`);
        else
          report(
            spec.name,
            `stays down after ${policy.attempts} restarts; ${others.map((p) => p.name).join(', ')} ${others.length === 1 ? 'keeps' : 'keep'} serving`,
          );
        return;
      }
      restarts += 1;
      const delay = Math.min(policy.firstDelayMs * 2 ** (restarts - 1), policy.maxDelayMs);
      report(spec.name, `restarting in ${seconds(delay)} (restart ${restarts} of at most ${policy.attempts} in a row)`);
      pending = setTimeout(() => {
        pending = undefined;
        if (stopped !== undefined || fatal || deliberate) return;
        launch().then(
          () => report(spec.name, `restarted: answering again (pid ${child?.pid ?? '?'})`),
          async (error: unknown) => {
            if (stopped !== undefined || deliberate) return;
            report(spec.name, `did not come back: ${error instanceof Error ? error.message : String(error)}`);
            // One that runs but never answered is ended before the next attempt.
            const running = child;
            if (running && !ended(running)) {
              running.kill('SIGKILL');
              await exitWithin(running, 5_000);
            }
            if (stopped === undefined && !deliberate) restartLater();
          },
        );
      }, delay);
    };

    const launch = async (): Promise<void> => {
      const started = spawn(spec.command, [...spec.args], {
        cwd: spec.cwd,
        env: { ...process.env, ...env, ...spec.extraEnv },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child = started;
      up = false;
      const forward = (buf: Buffer) => {
        for (const line of buf.toString().split('\n')) {
          if (!line.trim()) continue;
          lines.push(line);
          if (lines.length > 40) lines.shift();
          options.log?.(spec.name, line);
        }
      };
      started.stdout?.on('data', forward);
      started.stderr?.on('data', forward);
      started.on('exit', () => {
        if (child === started) child = undefined;
        if (deliberate || stopped !== undefined) return;
        options.onUnexpectedExit?.(spec.name, started.exitCode);
        // One that was up died: start it again. One that had not answered yet: its start fails (below).
        if (!up) return;
        up = false;
        if (Date.now() - upSince >= policy.healthyAfterMs) restarts = 0;
        report(spec.name, `exited (${exitOf(started)})`);
        restartLater();
      });
      started.on('error', (error) => lines.push(`spawn failed: ${error.message}`));
      await answering(spec.health, started, 120_000, lastLines);
      if (child !== started || ended(started)) throw new Error(`exited (${exitOf(started)})${lastLines()}`);
      up = true;
      upSince = Date.now();
    };

    const self: Supervised = {
      name: spec.name,
      kind: spec.kind,
      port: spec.port,
      url: `http://127.0.0.1:${spec.port}`,
      get child() {
        return child;
      },
      get down() {
        return down;
      },
      kill(signal = 'SIGTERM') {
        deliberate = true;
        clearTimeout(pending);
        child?.kill(signal);
      },
      async start() {
        deliberate = false;
        down = false;
        restarts = 0;
        try {
          await launch();
        } catch (error) {
          throw new Error(`${spec.name}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
        }
      },
      async shutDown() {
        deliberate = true;
        down = true;
        clearTimeout(pending);
        const running = child;
        if (running === undefined || ended(running)) return;
        running.kill('SIGTERM');
        if (await exitWithin(running, 5_000)) return;
        running.kill('SIGKILL');
        await exitWithin(running, 5_000);
      },
    };
    all.push(self);
    return self;
  };

  /** Stops every child started so far (processes, then PostgreSQL) and waits for them; once. */
  const stop = (): Promise<void> => {
    stopped ??= (async () => {
      await Promise.all(all.map((p) => p.shutDown()));
      await postgres?.stop();
    })();
    return stopped;
  };
  const onAbort = () => void stop();
  options.signal?.addEventListener('abort', onAbort, { once: true });
  const notAborted = () => {
    if (options.signal?.aborted || stopped !== undefined) throw new Error('the start of the cluster was stopped');
  };

  try {
    notAborted();
    const pg = await startPostgres(bin);
    postgres = pg;
    notAborted();
    void pg.exited.then(() => {
      if (stopped === undefined) fail('PostgreSQL exited');
    });
    const database = { DATABASE_URL: pg.url };
    const node = (
      name: string,
      kind: string,
      app: string,
      port: number,
      extraEnv: Record<string, string>,
      health: string,
    ) =>
      supervise({
        name,
        kind,
        command: process.execPath,
        args: ['src/main.ts'],
        cwd: join(root, app),
        port,
        extraEnv,
        health: [`http://127.0.0.1:${port}${health}`],
      });
    const idp = node(
      'idp',
      'idp',
      'apps/idp',
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
    ): Supervised[] =>
      Array.from({ length: options.instances }, (_, i) => {
        const port = balancerPort + 10 + i;
        return node(`${name}-${i + 1}`, name, app, port, { ...database, ...ownPort(port) }, '/health');
      });
    const mail = options.smtp === undefined ? {} : smtpEnv(options.smtp);
    const apis = instancesOf('api', 'apps/api', apiPort, (port) => ({ ...mail, API_PORT: String(port) }));
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
    const balancer = supervise({
      name: 'haproxy',
      kind: 'haproxy',
      command: 'haproxy',
      args: ['-db', '-f', configFile],
      cwd: dataDir,
      port: apiPort,
      extraEnv: {},
      health: [`${env.API_URL}/health`, `${env.PORTAL_URL}/health`],
    });

    // The provider first: the API reads its discovery documents at start (and gives up after
    // 60 s without them); the provider asks the API only when someone signs in.
    await idp.start();
    notAborted();
    // The API instances start together on the empty database: they migrate and seed once
    // however they start (advisory locks).
    await Promise.all(apis.map((a) => a.start()));
    notAborted();
    await Promise.all(portals.map((p) => p.start()));
    notAborted();
    await balancer.start();
    notAborted();
    return {
      urls: { portal: env.PORTAL_URL ?? '', api: env.API_URL ?? '', idp: env.IDP_AUTHORITY ?? '' },
      databaseUrl: pg.url,
      apis,
      portals,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  } finally {
    options.signal?.removeEventListener('abort', onAbort);
  }
}
