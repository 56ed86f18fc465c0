// Starts the whole local stack: reference API (embedded PostgreSQL with demo data), the
// local OpenID provider, the demo client application, the production-built portal and MailDev
// (an SMTP server on loopback with a web page of every mail the stack sent; not when SMTP_HOST
// names a real server). Prints where to go and how to sign in. Ctrl+C stops everything.
//
//   node scripts/stack.ts            the demo stack, data kept in .data/
//   node scripts/stack.ts --fresh    start from an empty database (used by end-to-end tests)
//   node scripts/stack.ts --instances 2
//                                    the scale-out shape (issue #21): PostgreSQL from Debian, two
//                                    API and two portal-server instances behind HAProxy on the
//                                    usual ports (a throw-away database; scripts/cluster.ts). An
//                                    instance that dies is started again (bounded back-off, said
//                                    in the log); a start that fails stops every child it began.
//   node scripts/stack.ts --provider lemonldap
//                                    the portal and the API signed in through a third-party
//                                    provider, LemonLDAP::NG from Debian (scripts/lemonldap.ts;
//                                    docs/providers.md); the local provider still serves the demo shop
//   IDP_SHAPE=b2c-tenant node scripts/stack.ts
//                                    the local provider laid out as a real Azure AD B2C tenant
//   PORTAL_DIST_DIR=<dir> node scripts/stack.ts
//                                    the portal server serves that build: the portal is not built
//
// Every child is stopped with the stack (Ctrl+C, SIGTERM, a failed start), and the stack waits
// (up to 20 s) until they have exited; of a pnpm-run child, everything below it too.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync, rmSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { relyingPartyEnv, stackEnv, ports, startsMailDev, urls } from './stack-config.ts';
import { startCluster, type Cluster } from './cluster.ts';
import { lemonldapUsers, startLemonldap, type RunningLemonldap } from './lemonldap.ts';

const root = join(import.meta.dirname, '..');
const fresh = process.argv.includes('--fresh');
const quiet = process.argv.includes('--quiet');
const instancesAt = process.argv.indexOf('--instances');
const instances = instancesAt < 0 ? 1 : Number(process.argv[instancesAt + 1]);
if (!Number.isInteger(instances) || instances < 1 || instances > 8) {
  console.error('--instances takes a number from 1 to 8');
  process.exit(2);
}
const providerAt = process.argv.findIndex((a) => a === '--provider' || a.startsWith('--provider='));
const providerName =
  providerAt < 0 ? 'local' : (process.argv[providerAt]?.split('=')[1] ?? process.argv[providerAt + 1] ?? '');
if (providerName !== 'local' && providerName !== 'lemonldap') {
  console.error('--provider takes local or lemonldap');
  process.exit(2);
}
const env = stackEnv(process.env);
if (fresh) rmSync(env.STACK_DATA_DIR, { recursive: true, force: true });
mkdirSync(env.STACK_DATA_DIR, { recursive: true });

const children: ChildProcess[] = [];
function run(name: string, filter: string, script: string, extra: Record<string, string> = {}) {
  runCommand(name, ['--silent', '--filter', filter, script], extra);
}
/** `pnpm <args>` in the repository, its output prefixed with `[name]`; its end stops the stack. */
function runCommand(name: string, args: string[], extra: Record<string, string> = {}) {
  const child = spawn('pnpm', args, {
    cwd: root,
    env: { ...process.env, ...env, ...extra },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const prefix = (line: string) => `[${name}] ${line}`;
  const forward = (stream: NodeJS.ReadableStream, out: NodeJS.WriteStream) =>
    stream.on('data', (buf: Buffer) => {
      if (!quiet) for (const l of buf.toString().split('\n')) if (l.trim()) out.write(prefix(l) + '\n');
    });
  forward(child.stdout ?? process.stdin, process.stdout);
  forward(child.stderr ?? process.stdin, process.stderr);
  child.on('exit', (code, signal) => {
    if (!stopping) {
      console.error(prefix(`exited (${signal ?? code}); stopping the stack`));
      stop(1);
    }
  });
  children.push(child);
}

let stopping = false;
/** Stops the cluster, or aborts its start (which then stops what it had started). */
const clusterStart = new AbortController();
let cluster: Promise<Cluster | undefined> | undefined;

/** `pid` and every process below it (what pnpm started, and what that started), from /proc. */
function treeOf(pid: number): number[] {
  const below = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // "pid (comm) state ppid …": the command may hold spaces and parentheses; the parent follows the last ')'.
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      below.set(parent, [...(below.get(parent) ?? []), Number(entry)]);
    } catch {
      /* gone meanwhile */
    }
  }
  const tree = [pid];
  for (let i = 0; i < tree.length; i += 1) tree.push(...(below.get(tree[i] ?? -1) ?? []));
  return tree;
}
/** Whether a process still runs (a zombie has ended). */
function runs(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return false;
  }
}
function signal(pids: readonly number[], name: NodeJS.Signals) {
  for (const pid of pids) {
    try {
      process.kill(pid, name);
    } catch {
      /* gone */
    }
  }
}

/**
 * Stops every child and exits with `code` once they have exited (at most 20 s; what is left then
 * gets SIGKILL): the pnpm-run children with everything below them (pnpm does not always pass a
 * signal on), the cluster (or its start), LemonLDAP::NG.
 */
function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  const pids = children.flatMap((c) => (c.pid === undefined ? [] : treeOf(c.pid)));
  signal(pids, 'SIGTERM');
  clusterStart.abort();
  const others = Promise.allSettled([cluster?.then((c) => c?.stop()), lemonldap?.stop()]);
  const until = Date.now() + 20_000;
  void (async () => {
    await Promise.race([others, new Promise((resolve) => setTimeout(resolve, 20_000))]);
    while (pids.some(runs) && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 100));
    signal(pids.filter(runs), 'SIGKILL');
    process.exit(code);
  })();
}
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));

async function waitFor(url: string, timeoutMs = 300_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000}s`);
}

// A third-party provider for the portal and the API, when asked for.
let lemonldap: RunningLemonldap | undefined;
if (providerName === 'lemonldap') {
  const tokenSeconds = process.env.LEMONLDAP_TOKEN_SECONDS;
  lemonldap = await startLemonldap({
    port: ports.lemonldap,
    portalUrl: urls.portal,
    dataDir: env.STACK_DATA_DIR,
    ...(tokenSeconds === undefined ? {} : { accessTokenSeconds: Number(tokenSeconds) }),
    log: (name, line) => {
      if (!quiet) console.log(`[lemonldap ${name}] ${line}`);
    },
    onUnexpectedExit: (name, code) => {
      if (!stopping) {
        console.error(`[lemonldap ${name}] exited (${code}); stopping the stack`);
        stop(1);
      }
    },
  }).catch((error: unknown) => {
    console.error(`LemonLDAP::NG did not start: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
}
/** The provider's user whom the demo seed makes the portal's administrator with `--provider lemonldap`. */
const lemonldapAdmin = lemonldapUsers.find((u) => u.username === 'rtyler');
/** API_SEED_ADMIN of a LemonLDAP::NG user: `<subject>,<e-mail>,<first name>,<last name>` (its name: first word, rest). */
function seedAdminOf(user: (typeof lemonldapUsers)[number] | undefined): string {
  if (user === undefined) return '';
  const [first = '', ...rest] = user.name.split(' ');
  return [user.username, user.email, first, rest.join(' ')].join(',');
}
/** The relying parties' view of the provider: the local one (in its shape), or LemonLDAP::NG as a standard provider. */
const relyingParty: Record<string, string> =
  lemonldap === undefined
    ? relyingPartyEnv(env)
    : {
        IDP_KIND: 'oidc',
        IDP_ISSUER: lemonldap.issuer,
        PORTAL_CLIENT_ID: lemonldap.clientId,
        IDP_CLIENT_SECRET: lemonldap.clientSecret,
        // LemonLDAP::NG 2.16 mis-decodes a Basic header for a client id with a '-' (scripts/lemonldap.ts).
        IDP_CLIENT_AUTH_METHOD: 'client_secret_post',
        // The API's demo seed makes one of the provider's users the portal's administrator (ADR 0029).
        API_SEED_ADMIN: seedAdminOf(lemonldapAdmin),
      };

// The portal is served as its production build by the portal server (apps/portal-server:
// the build, the runtime configuration, the OpenID session and the /api proxy); with
// PORTAL_DIST_DIR, the build found there.
if (process.env.PORTAL_DIST_DIR === undefined) {
  const built = spawnSync(
    'pnpm',
    ['exec', 'turbo', 'run', 'build', '--filter=@portal/portal', '--output-logs=errors-only'],
    { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } },
  );
  if (built.status !== 0) {
    await lemonldap?.stop();
    process.exit(built.status ?? 1);
  }
}

// MailDev first: the API's sender finds its SMTP server from the first poll on.
if (startsMailDev) {
  runCommand('mail', [
    'exec',
    'maildev',
    '--ip',
    '127.0.0.1',
    '--smtp',
    String(ports.mailSmtp),
    '--web-ip',
    '127.0.0.1',
    '--web',
    String(ports.mailWeb),
    '--hide-extensions',
    'STARTTLS',
  ]);
}

if (instances > 1) {
  cluster = startCluster({
    instances,
    env: { ...env, ...relyingParty },
    signal: clusterStart.signal,
    log: (name, line) => {
      if (!quiet) console.log(`[${name}] ${line}`);
    },
    // Restarts and giving up are said even with --quiet.
    report: (name, message) => console.error(`[${name}] ${message}`),
    onFatal: () => stop(1),
  }).then(
    (started) => {
      console.log(
        `  ${instances} API instances: ${started.apis.map((a) => a.url).join(', ')}; ${instances} portal servers: ${started.portals.map((p) => p.url).join(', ')}; HAProxy in front; PostgreSQL ${started.databaseUrl}`,
      );
      return started;
    },
    (error: unknown) => {
      // The cluster has stopped what it had started; the rest goes with the stack.
      if (!stopping)
        console.error(`the scale-out shape did not start: ${error instanceof Error ? error.message : String(error)}`);
      stop(1);
      return undefined;
    },
  );
  if ((await cluster) === undefined) await new Promise(() => undefined);
} else {
  run('api', '@portal/api', 'start', relyingParty);
  run('idp', '@portal/idp', 'start');
  run('portal', '@portal/portal-server', 'start', relyingParty);
}
// The demo shop signs in at the local provider, in its shape (whatever the portal's provider is).
run('shop', '@portal/dealer-shop', 'start', relyingPartyEnv(env));

const ready = await Promise.all([
  waitFor(`${urls.api}/health`),
  waitFor(`${urls.idp}/health`),
  waitFor(urls.dealerShop),
  waitFor(urls.portal),
  // The portal's way to the API (its `/api` proxy, or the API's own origin).
  waitFor(`${urls.portalApi}/health`),
  ...(startsMailDev ? [waitFor(`${urls.mail}/api/healthz`)] : []),
]).then(
  () => true,
  (e: unknown) => {
    console.error(String(e));
    stop(1);
    return false;
  },
);

if (ready) printWelcome();

function printWelcome() {
  const demo = JSON.parse(readFileSync(join(root, 'packages/contract/demo/identities.json'), 'utf8')) as {
    password: string;
    accounts: { email: string; kind: string }[];
  };
  console.log(`
  The portal is running:      ${urls.portal}
  Demo client application:    ${urls.dealerShop}
  Reference API:              ${urls.portalApi.startsWith(`${urls.portal}/`) ? `${urls.portalApi} (proxied to ${urls.api})` : urls.api}   identity provider: ${urls.idp}
  Mails the stack sent:       ${startsMailDev ? `${urls.mail} (MailDev; SMTP on 127.0.0.1:${ports.mailSmtp})` : `sent through ${process.env.SMTP_HOST ?? ''}`}

${
  lemonldap === undefined
    ? `  Sign in with any of these accounts, password ${demo.password}
${demo.accounts.map((a) => `    ${a.email.padEnd(28)} ${a.kind}`).join('\n')}`
    : `  The portal signs in through LemonLDAP::NG at ${lemonldap.issuer} (a standard OpenID provider).
  Sign in there with its demo users (user name = password); ${lemonldapAdmin?.username ?? ''} administers the portal:
${lemonldapUsers.map((u) => `    ${u.username.padEnd(10)} ${u.email}`).join('\n')}
  The demo client application still signs in through the local provider (${urls.idp}).`
}

  Ctrl+C stops the stack. Ports: ${Object.entries(ports)
    .map(([k, v]) => `${k} ${v}`)
    .join(', ')}.
`);
}
