// A second local stack for one spec, for what the shared stack must not suffer: a provider
// that stops answering, tokens that expire within seconds. It runs on its own ports (50 above
// the shared stack's) and data directory, prints its log lines into `lines`, and stops with
// the spec. The provider logs one JSON line per token it issues (`{"event":"grant",…}`).
import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { join } from 'node:path';
import { ports } from './accounts.ts';

const root = join(import.meta.dirname, '..', '..');

export interface OwnStack {
  readonly urls: { readonly portal: string; readonly idp: string };
  /** Every line the stack printed so far. */
  readonly lines: string[];
  /** Token grants the provider issued so far, by grant type. */
  grants(grantType: string): number;
  /** Freezes (SIGSTOP) or thaws (SIGCONT) the provider's processes: a provider that does not answer. */
  freezeProvider(frozen: boolean): void;
  stop(): Promise<void>;
}

/** `args` go to scripts/stack.ts after `--fresh` (e.g. `--provider lemonldap`). */
export async function startOwnStack(env: Record<string, string>, args: readonly string[] = []): Promise<OwnStack> {
  const own = {
    portal: ports.portal + 50,
    api: ports.api + 50,
    idp: ports.idp + 50,
    dealerShop: ports.dealerShop + 50,
  };
  const urls = { portal: `http://localhost:${own.portal}`, idp: `http://localhost:${own.idp}` };
  const lines: string[] = [];
  const child: ChildProcess = spawn('node', ['scripts/stack.ts', '--fresh', ...args], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      ...env,
      PORTAL_PORT: String(own.portal),
      API_PORT: String(own.api),
      IDP_PORT: String(own.idp),
      DEALER_SHOP_PORT: String(own.dealerShop),
      STACK_DATA_DIR: join(root, `.data/e2e-own-${own.portal}`),
      NODE_ENV: 'development',
    },
  });
  const collect = (buf: Buffer) => {
    for (const l of buf.toString().split('\n')) if (l.trim()) lines.push(l);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const until = Date.now() + 300_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the own stack exited:\n${lines.slice(-20).join('\n')}`);
    try {
      if ((await fetch(`${urls.portal}/config.json`)).ok) break;
    } catch {
      /* not up yet */
    }
    if (Date.now() > until) throw new Error('the own stack did not start within 300 s');
    await new Promise((r) => setTimeout(r, 250));
  }
  const providerPids = () =>
    readdirSync('/proc')
      .filter((p) => /^\d+$/.test(p))
      .filter((pid) => {
        try {
          return (
            readlinkSync(`/proc/${pid}/cwd`) === join(root, 'apps/idp') &&
            readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0').includes(`IDP_PORT=${own.idp}`)
          );
        } catch {
          return false;
        }
      })
      .map(Number);
  let frozen: number[] = [];
  return {
    urls,
    lines,
    grants: (grantType) =>
      lines.filter((l) => l.includes('"event":"grant"') && l.includes(`"grantType":"${grantType}"`)).length,
    freezeProvider(freeze) {
      if (freeze) {
        frozen = providerPids();
        if (frozen.length === 0) throw new Error('no provider process found');
        for (const pid of frozen) process.kill(pid, 'SIGSTOP');
      } else {
        for (const pid of frozen) process.kill(pid, 'SIGCONT');
        frozen = [];
      }
    },
    async stop() {
      for (const pid of frozen) process.kill(pid, 'SIGCONT');
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5_000))]);
    },
  };
}
