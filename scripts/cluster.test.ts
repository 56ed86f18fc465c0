// The local scale-out shape, `node scripts/stack.ts --instances 2` (scripts/cluster.ts; issue
// #28.8): an API instance killed with SIGKILL is started again (the log says so) while the
// stack keeps answering through HAProxy, and the stack stops every child when it is stopped;
// a start that fails (the balancer's port taken) leaves no child behind. The children are found
// by their environment (each stack gets a data folder of its own, STACK_DATA_DIR), as
// e2e/helpers/own-stack.ts does. The portal is not built: the portal servers serve a stub page
// (PORTAL_DIST_DIR). Loopback only; every wait is bounded. Needs PostgreSQL and HAProxy from
// Debian (`npm test` installs them); without them the test fails and says what to install.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readConfig } from '../apps/api/src/config.ts';
import { haproxyAvailable, smtpEnv } from './cluster.ts';
import { stackEnv } from './stack-config.ts';
import { postgresBin } from '../tooling/postgres-server.ts';

const root = join(import.meta.dirname, '..');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Stack {
  readonly child: ChildProcess;
  readonly dir: string;
  readonly lines: string[];
  readonly ports: { portal: number; api: number; idp: number; shop: number };
}

const running: Stack[] = [];

/** `node scripts/stack.ts --instances 2` on ports from `base` (portal base + 1000, API base, …), a data folder of its own. */
function startStack(base: number): Stack {
  const dir = mkdtempSync(join(tmpdir(), 'cluster-test-'));
  const dist = join(dir, 'dist');
  mkdirSync(dist);
  writeFileSync(
    join(dist, 'index.html'),
    '<!doctype html><html lang="de"><head></head><body><div id="root"></div></body></html>',
  );
  const ports = { portal: base + 1000, api: base, idp: base + 1, shop: base + 2 };
  const lines: string[] = [];
  const child = spawn(process.execPath, ['scripts/stack.ts', '--instances', '2'], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      NODE_ENV: 'development',
      STACK_DATA_DIR: dir,
      PORTAL_PORT: String(ports.portal),
      API_PORT: String(ports.api),
      IDP_PORT: String(ports.idp),
      DEALER_SHOP_PORT: String(ports.shop),
      MAILDEV_SMTP_PORT: String(base + 3),
      MAILDEV_WEB_PORT: String(base + 4),
      PORTAL_DIST_DIR: dist,
      PORTAL_SSR_ENTRY: join(dir, 'no-first-view.js'),
    },
  });
  const collect = (buf: Buffer) => {
    for (const line of buf.toString().split('\n')) if (line.trim()) lines.push(line);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const stack = { child, dir, lines, ports };
  running.push(stack);
  return stack;
}

const last = (stack: Stack) => `\n${stack.lines.slice(-30).join('\n')}`;

/** Resolves with the exit code once the stack's process has exited; rejects after `ms`. */
async function exitOf(stack: Stack, ms: number): Promise<number | null> {
  const { child } = stack;
  if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
  return Promise.race([
    new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code))),
    sleep(ms).then(() => {
      throw new Error(`the stack did not exit within ${ms / 1000} s${last(stack)}`);
    }),
  ]);
}

async function ok(url: string): Promise<boolean> {
  try {
    return (await fetch(url, { signal: AbortSignal.timeout(3_000) })).ok;
  } catch {
    return false;
  }
}

/** Waits until `url` answers 2xx; fails when the stack exits first or after `ms`. */
async function answering(stack: Stack, url: string, ms: number): Promise<void> {
  const until = Date.now() + ms;
  while (!(await ok(url))) {
    if (stack.child.exitCode !== null) throw new Error(`the stack exited (${stack.child.exitCode})${last(stack)}`);
    if (Date.now() > until) throw new Error(`${url} did not answer within ${ms / 1000} s${last(stack)}`);
    await sleep(250);
  }
}

/** The processes whose environment names this stack's data folder (every child has it), with their command lines. */
function childrenOf(stack: Stack, also: (environ: string[]) => boolean = () => true): { pid: number; cmd: string }[] {
  const found: { pid: number; cmd: string }[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry) || Number(entry) === stack.child.pid) continue;
    try {
      const environ = readFileSync(`/proc/${entry}/environ`, 'utf8').split('\0');
      if (!environ.includes(`STACK_DATA_DIR=${stack.dir}`) || !also(environ)) continue;
      const cmd = readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0').join(' ').trim();
      // A zombie (exited, not yet reaped) has an empty command line: it runs nothing any more.
      if (cmd !== '') found.push({ pid: Number(entry), cmd });
    } catch {
      /* gone meanwhile, or not ours to read */
    }
  }
  return found;
}

/** Waits up to `ms` until no child of the stack is left; answers what is left. */
async function leftAfter(stack: Stack, ms: number): Promise<{ pid: number; cmd: string }[]> {
  const until = Date.now() + ms;
  let left = childrenOf(stack);
  while (left.length > 0 && Date.now() < until) {
    await sleep(250);
    left = childrenOf(stack);
  }
  return left;
}

afterEach(async () => {
  // Whatever a failed test left: the stack first, then any child of it.
  for (const stack of running.splice(0)) {
    if (stack.child.exitCode === null && stack.child.signalCode === null) {
      stack.child.kill('SIGTERM');
      await exitOf(stack, 30_000).catch(() => stack.child.kill('SIGKILL'));
    }
    for (const { pid } of childrenOf(stack)) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        /* gone */
      }
    }
    rmSync(stack.dir, { recursive: true, force: true });
  }
});

describe('the local scale-out shape (node scripts/stack.ts --instances 2)', () => {
  it('needs PostgreSQL and HAProxy from Debian', () => {
    expect(postgresBin(), 'apt-get install postgresql').toBeDefined();
    expect(haproxyAvailable(), 'apt-get install haproxy').toBe(true);
  });

  it('starts a killed API instance again while the stack answers, and leaves no child when stopped', async () => {
    const stack = startStack(4660);
    const balancer = `http://127.0.0.1:${stack.ports.api}`;
    const own = `http://127.0.0.1:${stack.ports.api + 10}`;
    await answering(stack, `http://127.0.0.1:${stack.ports.portal}/health`, 300_000);
    await answering(stack, `${balancer}/health`, 60_000);
    const apiOne = () =>
      childrenOf(stack, (environ) => environ.includes(`API_PORT=${stack.ports.api + 10}`)).filter((p) =>
        p.cmd.includes('src/main.ts'),
      );
    const [first, ...others] = apiOne();
    expect(first, `no api-1 process${last(stack)}`).toBeDefined();
    expect(others).toEqual([]);

    // Through the balancer, every 100 ms, from just before the kill until api-1 answers again.
    const probes: boolean[] = [];
    let probing = true;
    const prober = (async () => {
      while (probing) {
        probes.push(await ok(`${balancer}/health`));
        await sleep(100);
      }
    })();
    const killedAt = Date.now();
    process.kill(first?.pid ?? 0, 'SIGKILL');
    try {
      const until = killedAt + 90_000;
      for (;;) {
        const again = apiOne().filter((p) => p.pid !== first?.pid);
        if (again.length === 1 && (await ok(`${own}/health`))) break;
        if (stack.child.exitCode !== null) throw new Error(`the stack exited${last(stack)}`);
        if (Date.now() > until) throw new Error(`api-1 was not started again within 90 s${last(stack)}`);
        await sleep(250);
      }
      // The stack goes on (before #28.8 it stopped within 8 s of the kill).
      await sleep(Math.max(0, killedAt + 10_000 - Date.now()));
    } finally {
      probing = false;
      await prober;
    }
    expect(stack.child.exitCode).toBeNull();
    expect(stack.lines.some((l) => /^\[api-1\] exited \(SIGKILL\)/.test(l))).toBe(true);
    expect(stack.lines.some((l) => /^\[api-1\] restarting in 1 s \(restart 1 of at most 5 in a row\)/.test(l))).toBe(
      true,
    );
    expect(stack.lines.some((l) => /^\[api-1\] restarted: answering again/.test(l))).toBe(true);
    // At most the one request under way on the killed instance failed; the rest went to api-2.
    expect(probes.length).toBeGreaterThan(10);
    expect(probes.filter((p) => !p).length).toBeLessThanOrEqual(1);
    expect(await ok(`http://127.0.0.1:${stack.ports.portal}/api/health`)).toBe(true);

    stack.child.kill('SIGTERM');
    expect(await exitOf(stack, 40_000)).toBe(0);
    expect(await leftAfter(stack, 10_000)).toEqual([]);
  }, 480_000);

  it('stops every child when its start fails on a taken port', async () => {
    // The API's public port (HAProxy's) is taken: the balancer, started last, cannot bind it.
    const base = 4680;
    const taken: Server = createServer((socket) => socket.destroy());
    await new Promise<void>((resolve, reject) => {
      taken.once('error', reject);
      taken.listen(base, '127.0.0.1', resolve);
    });
    try {
      const stack = startStack(base);
      // Before it gave up, it had started the provider, both API instances and both portal servers.
      const until = Date.now() + 300_000;
      while (!(await ok(`http://127.0.0.1:${stack.ports.portal + 11}/health`))) {
        if (stack.child.exitCode !== null) break;
        if (Date.now() > until) throw new Error(`portal-2 did not answer within 300 s${last(stack)}`);
        await sleep(250);
      }
      expect(await exitOf(stack, 300_000)).toBe(1);
      expect(await leftAfter(stack, 10_000)).toEqual([]);
      expect(stack.lines.some((l) => l.startsWith('the scale-out shape did not start: haproxy: exited'))).toBe(true);
    } finally {
      await new Promise<void>((resolve) => taken.close(() => resolve()));
    }
  }, 480_000);
});

describe('the SMTP server of the cluster’s API instances (ClusterOptions.smtp)', () => {
  it('replaces the stack’s SMTP settings and the caller’s credentials, as the API reads them', () => {
    const env = {
      ...stackEnv({
        SMTP_HOST: 'smtp.example.test',
        SMTP_USER: 'someone',
        SMTP_PASSWORD: 'secret',
        SMTP_SECURE: 'true',
      }),
      SMTP_USER: 'someone',
      SMTP_PASSWORD: 'secret',
      SMTP_SECURE: 'true',
      MAIL_POLL_INTERVAL_MS: '1000',
    };
    const mail = readConfig({ ...env, ...smtpEnv({ host: '127.0.0.1', port: 2525, pollIntervalMs: 250 }) }).mail;
    expect(mail?.smtp).toEqual({
      host: '127.0.0.1',
      port: 2525,
      secure: false,
      starttls: 'never',
      user: undefined,
      password: undefined,
    });
    expect(mail?.pollIntervalMs).toBe(250);
    // Without a poll interval the environment's stays.
    expect(readConfig({ ...env, ...smtpEnv({ host: '127.0.0.1', port: 2525 }) }).mail?.pollIntervalMs).toBe(1000);
  });
});
