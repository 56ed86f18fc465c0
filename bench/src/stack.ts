// The local stack for the benchmark: `node scripts/stack.ts` on its own ports and data
// folder, seeded with the large data set. Its output goes to bench-results/stack.log.
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { workspaceRoot } from './bundle.ts';

export interface StackOptions {
  readonly ports: { readonly portal: number; readonly api: number; readonly idp: number; readonly dealerShop: number };
  readonly dataDir: string;
  readonly seed: 'large' | 'demo';
  readonly logFile: string;
  readonly timeoutMs: number;
}

export interface Stack {
  readonly urls: { readonly portal: string; readonly api: string; readonly idp: string; readonly dealerShop: string };
  /** ms from spawn to every service answering (includes the portal's build and a first seed). */
  readonly startMs: number;
  /** A stack that was already running (BENCH_REUSE_STACK=1): not started, not stopped here. */
  readonly reused?: boolean;
  stop(): Promise<void>;
}

function portFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

async function answers(url: string): Promise<boolean> {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(5000) });
    await res.arrayBuffer();
    return res.ok;
  } catch {
    return false;
  }
}

export async function startStack(options: StackOptions): Promise<Stack> {
  const { ports } = options;
  const urls = {
    portal: `http://localhost:${ports.portal}`,
    api: `http://localhost:${ports.api}`,
    idp: `http://localhost:${ports.idp}`,
    dealerShop: `http://localhost:${ports.dealerShop}`,
  };
  const checks = [
    `${urls.api}/health`,
    `${urls.idp}/b2c_1a_signin/v2.0/.well-known/openid-configuration`,
    `${urls.dealerShop}/`,
    `${urls.portal}/config.json`,
  ];
  // BENCH_REUSE_STACK=1: measure a stack that is already running on these ports (development of the bench).
  if (process.env.BENCH_REUSE_STACK === '1' && (await Promise.all(checks.map(answers))).every(Boolean)) {
    return { urls, startMs: 0, reused: true, stop: async () => {} };
  }
  for (const [name, port] of Object.entries(ports)) {
    if (!(await portFree(port)))
      throw new Error(`port ${port} (${name}) is in use: stop what listens there or set BENCH_PORT_BASE`);
  }
  mkdirSync(options.dataDir, { recursive: true });
  const log = createWriteStream(options.logFile);
  const started = Date.now();
  const child: ChildProcess = spawn(process.execPath, ['scripts/stack.ts'], {
    cwd: workspaceRoot,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      PORTAL_PORT: String(ports.portal),
      API_PORT: String(ports.api),
      IDP_PORT: String(ports.idp),
      DEALER_SHOP_PORT: String(ports.dealerShop),
      STACK_DATA_DIR: options.dataDir,
      API_SEED: options.seed,
    },
  });
  child.stdout?.pipe(log, { end: false });
  child.stderr?.pipe(log, { end: false });
  let exited: string | undefined;
  child.on('exit', (code, signal) => {
    exited = `stack exited (${signal ?? code})`;
  });

  const stop = async () => {
    if (exited === undefined && child.pid !== undefined) {
      child.kill('SIGTERM');
      const until = Date.now() + 8000;
      while (exited === undefined && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
      // Whatever the stack started and left behind (its own process group).
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        /* already gone */
      }
    }
    log.end();
  };

  const until = started + options.timeoutMs;
  for (;;) {
    if (exited !== undefined) {
      await stop();
      throw new Error(`${exited} before it answered; see ${options.logFile}`);
    }
    if ((await Promise.all(checks.map(answers))).every(Boolean)) break;
    if (Date.now() > until) {
      await stop();
      throw new Error(`the stack did not answer within ${options.timeoutMs / 1000} s; see ${options.logFile}`);
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  return { urls, startMs: Date.now() - started, reused: false, stop };
}

export const benchResults = join(workspaceRoot, 'bench', 'bench-results');
