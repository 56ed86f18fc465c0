// A third-party OpenID provider for the suite and the stack (issue #27 item 4): LemonLDAP::NG
// 2.16 from Debian (packages lemonldap-ng, lemonldap-ng-fastcgi-server, nginx-light; installed
// by scripts/toolchain.sh `ensure_lemonldap`). Started by hand as Debian's packages leave it:
// its FastCGI server behind a stand-alone nginx on 127.0.0.1 only, everything (configuration,
// sessions, caches, socket, pid files, nginx's temporary files) in a private directory under
// the system's temporary directory, removed on stop. Nothing under /etc or /var/lib is read or
// written: LLNG_DEFAULTCONFFILE points LLNG at this directory's lemonldap-ng.ini.
//
//   node scripts/lemonldap.ts [--port 4010] [--portal-url http://localhost:5173]
//     starts it and prints the issuer, the client and the users until Ctrl+C.
//
// Facts measured on this project's machines (2 cores, root, no systemd), Debian bookworm 2.16.1:
// - install: 208 packages with nginx-light; dpkg unpacked and set them up in about 40 s here,
//   the download comes on top (about 3 min in all on a fresh machine, design/providers-notes.md);
// - start: 0.4 to 0.8 s until the discovery document answers (the RSA key, the files, the
//   FastCGI server's Perl start); stop: about 0.1 s;
// - configuration: written as LLNG's JSON file (conf/lmConf-1.json) directly, in milliseconds.
//   `lemonldap-ng-cli` (in /usr/share/lemonldap-ng/bin, not on PATH) goes through the Manager's
//   save path: about 4 s for the set/addKey calls a client needs, and against a private
//   lemonldap-ng.ini it answered "Manager lib does not return a 200 code";
// - the FastCGI server refuses to run as root (it is told `-u www-data -g www-data` then, and the
//   private directory is given to www-data; nginx's workers run as www-data too, to reach its
//   socket); `--foreground` keeps it our child; each of the two is started in its own process
//   group, which stop() ends (the FastCGI manager and its workers, nginx's master and workers);
// - the options that matter: `issuerDBOpenIDConnectActivation`, `oidcServiceMetaDataIssuer`
//   (no trailing slash; discovery under it), an RSA key pair in `oidcServicePrivateKeySig` /
//   `oidcServicePublicKeySig` (PKCS#1 / SPKI PEM) with `oidcServiceKeyIdSig`; per client
//   `oidcRPMetaDataOptionsIDTokenSignAlg: RS256` (default HS512, with the client secret!),
//   `oidcRPMetaDataOptionsAccessTokenJWT` (access tokens as RS256 JWTs, with `scope`),
//   `oidcRPMetaDataOptionsAdditionalAudiences` (space-separated; both tokens' `aud` is then
//   [client id, ...audiences]), `oidcRPMetaDataOptionsAccessTokenClaims` (the user's claims in
//   the access token too: the API reads email and names there), `oidcRPMetaDataOptionsIDTokenForceClaims`
//   (else the ID token holds no email or name, only userinfo does), `oidcRPMetaDataOptionsRequirePKCE`,
//   `oidcRPMetaDataOptionsRefreshToken` (refresh tokens bound to the LLNG session) and
//   `oidcRPMetaDataOptionsAllowOffline` (offline_access: refresh tokens of their own), which LLNG
//   silently ignores without `oidcRPMetaDataOptionsBypassConsent` (or prompt=consent);
//   `oidcRPMetaDataExportedVars` (claim -> attribute of the Demo backend: mail, cn, uid, and two
//   macros for the given and family names) and `oidcRPMetaDataScopeRules` (the API scope, granted
//   when asked; any RFC 6749 scope name is allowed, `api://portal-api/access` included);
// - `domain` 127.0.0.1 (LLNG refuses to start without one): its cookie says Domain=.127.0.0.1,
//   which browsers keep as a host-only cookie of 127.0.0.1 (the portal runs on localhost, so
//   their cookies never mix); the declared post-logout redirect URI needs no trustedDomains;
// - RP-initiated logout shows a confirmation form (oidcRPMetaDataOptionsLogoutBypassConfirm
//   is left off, as most deployments keep it), then answers 302 to post_logout_redirect_uri;
// - a refresh answers a new access token and ID token, never a new refresh token; the refresh
//   token of offline_access still works after the logout, one asked for without offline_access
//   (bound to the LLNG session) answers invalid_grant then.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');

const fastcgiServer = '/usr/sbin/llng-fastcgi-server';
const nginxBin = '/usr/sbin/nginx';
const portalHtdocs = '/usr/share/lemonldap-ng/portal/htdocs';
const portalTemplates = '/usr/share/lemonldap-ng/portal/templates';

/** The client the portal server is, and the API audience and scope its access tokens carry. */
export const portalClientId = 'hk-portal';
export const apiAudience = 'portal-api';
export const apiScope = 'api://portal-api/access';

export interface LemonldapUser {
  readonly username: string;
  readonly password: string;
  readonly email: string;
  readonly name: string;
}

/** The Demo authentication backend's accounts (Lemonldap::NG::Portal::UserDB::Demo). */
export const lemonldapUsers: readonly LemonldapUser[] = [
  { username: 'dwho', password: 'dwho', email: 'dwho@badwolf.org', name: 'Doctor Who' },
  { username: 'rtyler', password: 'rtyler', email: 'rtyler@badwolf.org', name: 'Rose Tyler' },
  { username: 'msmith', password: 'msmith', email: 'msmith@badwolf.org', name: 'Mickey Smith' },
];

export interface LemonldapOptions {
  /** The port on 127.0.0.1 (4010). */
  readonly port?: number;
  /** The portal's public URL, for the redirect URIs (http://localhost:5173). */
  readonly portalUrl?: string;
  /** The portal's client id (hk-portal). */
  readonly clientId?: string;
  /** Its client secret (a random one LLNG can read from a Basic header: see basicSafeSecret). */
  readonly clientSecret?: string;
  /** Where the record of a running instance is kept, to end it if its starter died (STACK_DATA_DIR or .data). */
  readonly dataDir?: string;
  /** Each line the two servers print, with the server's name. */
  readonly log?: (name: string, line: string) => void;
  /** Called when one of them exits after the start, not through stop(). */
  readonly onUnexpectedExit?: (name: string, code: number | null) => void;
}

export interface RunningLemonldap {
  /** The issuer; its discovery document is `${issuer}/.well-known/openid-configuration`. */
  readonly issuer: string;
  readonly clientId: string;
  readonly clientSecret: string;
  readonly redirectUris: readonly string[];
  readonly postLogoutRedirectUri: string;
  /** The scopes to ask for: openid email profile offline_access and the API's. */
  readonly scopes: readonly string[];
  readonly apiAudience: string;
  readonly users: readonly LemonldapUser[];
  /** Ends every process it started and removes its private directory. */
  stop(): Promise<void>;
}

export function lemonldapInstalled(): boolean {
  return [fastcgiServer, nginxBin, join(portalHtdocs, 'index.psgi')].every((file) => existsSync(file));
}

const isRoot = () => process.getuid?.() === 0;

/**
 * A random secret (letters and digits) that LLNG 2.16 reads whole from a client_secret_basic
 * header: it takes the credentials with `/^Basic (\w+)/`, so the base64 of `id:secret` must hold
 * no `+` or `/`. It does not form-decode them either (RFC 6749 §2.3.1), so a client id with one of
 * `-_.!~*'()` (hk-portal) fails client_secret_basic from a client that encodes as the RFC says
 * (oauth4webapi): such a client uses client_secret_post.
 */
function basicSafeSecret(clientId: string): string {
  for (let attempt = 0; attempt < 1000; attempt += 1) {
    const secret = randomBytes(32).toString('base64url').replace(/[-_]/g, '');
    if (!/[+/]/.test(Buffer.from(`${clientId}:${secret}`).toString('base64'))) return secret;
  }
  throw new Error(`no client secret for ${clientId} fits LLNG's Basic header parsing`);
}

/** The configuration LLNG reads (lmConf-1.json): only what differs from its defaults. */
function llngConfig(dir: string, port: number, portalUrl: string, clientId: string, clientSecret: string) {
  const issuer = `http://127.0.0.1:${port}`;
  const { privateKey, publicKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    privateKeyEncoding: { type: 'pkcs1', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  });
  const storage = (name: string) => ({ Directory: join(dir, name), LockDirectory: join(dir, name, 'lock') });
  return {
    cfgNum: 1,
    cfgAuthor: 'scripts/lemonldap.ts',
    cfgDate: String(Math.floor(Date.now() / 1000)),
    cfgVersion: '2.16.1',
    portal: `${issuer}/`,
    domain: '127.0.0.1',
    cookieName: 'lemonldap',
    securedCookie: 0,
    authentication: 'Demo',
    userDB: 'Same',
    passwordDB: 'Demo',
    registerDB: 'Null',
    demoExportedVars: { cn: 'cn', mail: 'mail', uid: 'uid' },
    exportedVars: {},
    whatToTrace: 'uid',
    // The Demo backend knows only cn: the given and family names are its first word and the rest.
    macros: { givenName: '(split(/ /, $cn, 2))[0]', familyName: "(split(/ /, $cn, 2))[1] || ''" },
    groups: {},
    locationRules: {},
    exportedHeaders: {},
    reloadUrls: {},
    notification: 0,
    loginHistoryEnabled: 0,
    portalSkin: 'bootstrap',
    timeout: 72000,
    globalStorage: 'Apache::Session::File',
    globalStorageOptions: {
      ...storage('sessions'),
      generateModule: 'Lemonldap::NG::Common::Apache::Session::Generate::SHA256',
    },
    persistentStorage: 'Apache::Session::File',
    persistentStorageOptions: storage('psessions'),
    localSessionStorage: 'Cache::FileCache',
    localSessionStorageOptions: {
      cache_root: join(dir, 'cache'),
      cache_depth: 3,
      default_expires_in: 600,
      directory_umask: '007',
      namespace: 'lemonldap-ng-sessions',
    },
    issuerDBOpenIDConnectActivation: 1,
    oidcServiceMetaDataIssuer: issuer,
    oidcServicePrivateKeySig: privateKey,
    oidcServicePublicKeySig: publicKey,
    oidcServiceKeyIdSig: randomBytes(8).toString('hex'),
    oidcServiceAllowAuthorizationCodeFlow: 1,
    oidcRPMetaDataOptions: {
      [clientId]: {
        oidcRPMetaDataOptionsClientID: clientId,
        oidcRPMetaDataOptionsClientSecret: clientSecret,
        oidcRPMetaDataOptionsPublic: 0,
        oidcRPMetaDataOptionsRequirePKCE: 1,
        oidcRPMetaDataOptionsRedirectUris: `${portalUrl}/auth/login ${portalUrl}/flows/auth-refresh`,
        oidcRPMetaDataOptionsPostLogoutRedirectUris: `${portalUrl}/auth/logout-success`,
        oidcRPMetaDataOptionsBypassConsent: 1,
        oidcRPMetaDataOptionsIDTokenSignAlg: 'RS256',
        oidcRPMetaDataOptionsIDTokenForceClaims: 1,
        oidcRPMetaDataOptionsAccessTokenJWT: 1,
        oidcRPMetaDataOptionsAccessTokenClaims: 1,
        oidcRPMetaDataOptionsAccessTokenSignAlg: 'RS256',
        oidcRPMetaDataOptionsAdditionalAudiences: apiAudience,
        oidcRPMetaDataOptionsAllowOffline: 1,
        oidcRPMetaDataOptionsRefreshToken: 1,
      },
    },
    oidcRPMetaDataExportedVars: {
      [clientId]: {
        email: 'mail',
        name: 'cn',
        given_name: 'givenName',
        family_name: 'familyName',
        preferred_username: 'uid',
      },
    },
    oidcRPMetaDataScopeRules: {
      [clientId]: { [apiScope]: '$requested' },
    },
  };
}

/** LLNG's local file: where its configuration lives, its logger, its portal's templates. */
const llngIni = (dir: string) => `[all]
logLevel = warn
logger = Lemonldap::NG::Common::Logger::Std
userLogger = Lemonldap::NG::Common::Logger::Std
checkTime = 600

[configuration]
type = File
dirName = ${join(dir, 'conf')}

[portal]
staticPrefix = /static
templateDir = ${portalTemplates}
languages = en, fr, de, it, es, pl
`;

/** Debian's portal-nginx.conf, listening on 127.0.0.1 only, everything in `dir`. */
const nginxConf = (dir: string, port: number) => `${isRoot() ? 'user www-data www-data;\n' : ''}worker_processes 1;
daemon off;
pid ${join(dir, 'run/nginx.pid')};
error_log stderr warn;
events { worker_connections 256; }
http {
  include /etc/nginx/mime.types;
  access_log off;
  client_body_temp_path ${join(dir, 'nginx/body')};
  fastcgi_temp_path ${join(dir, 'nginx/fastcgi')};
  proxy_temp_path ${join(dir, 'nginx/proxy')};
  uwsgi_temp_path ${join(dir, 'nginx/uwsgi')};
  scgi_temp_path ${join(dir, 'nginx/scgi')};
  upstream llng_portal { server unix:${join(dir, 'run/llng.sock')}; }
  server {
    listen 127.0.0.1:${port};
    server_name 127.0.0.1;
    root ${portalHtdocs}/;
    if ($uri !~ ^/((static|javascript|favicon).*|.*\\.psgi)) {
      rewrite ^/(.*)$ /index.psgi/$1 break;
    }
    location ~ ^(?<sc>/.*\\.psgi)(?:$|/) {
      include /etc/nginx/fastcgi_params;
      fastcgi_pass llng_portal;
      fastcgi_param HTTP_HOST $http_host;
      fastcgi_param LLTYPE psgi;
      fastcgi_param SCRIPT_FILENAME $document_root$fastcgi_script_name;
      fastcgi_split_path_info ^(.*\\.psgi)(/.*)$;
      fastcgi_param PATH_INFO $fastcgi_path_info;
    }
    location /static/ { alias ${portalHtdocs}/static/; }
    location /javascript/ { alias /usr/share/javascript/; }
  }
}
`;

/** The record of a running instance: its directory and the process groups it started. */
interface InstanceRecord {
  readonly dir: string;
  readonly groups: readonly number[];
}

/** Ends what a previous run on the same port left (its starter was killed): only processes that are still LLNG's or nginx's. */
function endStale(recordFile: string): void {
  if (!existsSync(recordFile)) return;
  try {
    const record = JSON.parse(readFileSync(recordFile, 'utf8')) as InstanceRecord;
    for (const pid of record.groups) {
      let command = '';
      try {
        command = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      } catch {
        continue;
      }
      if (/llng-fastcgi|nginx/.test(command)) {
        try {
          process.kill(-pid, 'SIGKILL');
        } catch {
          /* already gone */
        }
      }
    }
    if (record.dir.startsWith(join(tmpdir(), 'lemonldap-'))) rmSync(record.dir, { recursive: true, force: true });
  } catch {
    /* an unreadable record: nothing to end */
  }
  rmSync(recordFile, { force: true });
}

async function discovery(issuer: string): Promise<boolean> {
  try {
    const response = await fetch(`${issuer}/.well-known/openid-configuration`, { signal: AbortSignal.timeout(2_000) });
    return response.ok;
  } catch {
    return false;
  }
}

export async function startLemonldap(options: LemonldapOptions = {}): Promise<RunningLemonldap> {
  if (!lemonldapInstalled())
    throw new Error(
      'LemonLDAP::NG is not installed: apt-get install lemonldap-ng lemonldap-ng-fastcgi-server nginx-light (scripts/run.sh test installs it as root)',
    );
  const port = options.port ?? 4010;
  const portalUrl = (options.portalUrl ?? 'http://localhost:5173').replace(/\/$/, '');
  const clientId = options.clientId ?? portalClientId;
  const clientSecret = options.clientSecret ?? basicSafeSecret(clientId);
  const issuer = `http://127.0.0.1:${port}`;
  const recordDir = join(options.dataDir ?? process.env.STACK_DATA_DIR ?? join(root, '.data'), 'lemonldap');
  const recordFile = join(recordDir, `${port}.json`);
  mkdirSync(recordDir, { recursive: true });
  endStale(recordFile);
  if (await discovery(issuer)) throw new Error(`${issuer} is already in use by another server`);

  const dir = mkdtempSync(join(tmpdir(), 'lemonldap-'));
  for (const sub of ['conf', 'sessions/lock', 'psessions/lock', 'cache', 'run', 'nginx'])
    mkdirSync(join(dir, sub), { recursive: true });
  writeFileSync(join(dir, 'lemonldap-ng.ini'), llngIni(dir));
  writeFileSync(
    join(dir, 'conf/lmConf-1.json'),
    JSON.stringify(llngConfig(dir, port, portalUrl, clientId, clientSecret), null, 1),
  );
  writeFileSync(join(dir, 'nginx/nginx.conf'), nginxConf(dir, port));
  if (isRoot()) {
    const owned = spawnSync('chown', ['-R', 'www-data:www-data', dir], { encoding: 'utf8' });
    if (owned.status !== 0) {
      rmSync(dir, { recursive: true, force: true });
      throw new Error(`chown www-data ${dir}: ${owned.stderr}`);
    }
  }

  const children: ChildProcess[] = [];
  const output: string[] = [];
  let stopping = false;
  let started = false;
  let failed: ((error: Error) => void) | undefined;
  const exited = new Promise<never>((_, reject) => {
    failed = reject;
  });
  exited.catch(() => undefined);
  const run = (name: string, command: string, args: string[], env: NodeJS.ProcessEnv) => {
    const child = spawn(command, args, { env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    const forward = (buf: Buffer) => {
      for (const line of buf.toString().split('\n'))
        if (line.trim()) {
          output.push(`[${name}] ${line}`);
          if (output.length > 40) output.shift();
          options.log?.(name, line);
        }
    };
    child.stdout.on('data', forward);
    child.stderr.on('data', forward);
    child.on('error', (error) => failed?.(new Error(`${name}: ${error.message}`)));
    child.on('exit', (code, signal) => {
      if (stopping) return;
      if (started) options.onUnexpectedExit?.(name, code);
      else failed?.(new Error(`${name} exited (${signal ?? code}):\n${output.join('\n')}`));
    });
    children.push(child);
    writeFileSync(
      recordFile,
      JSON.stringify({
        dir,
        groups: children.flatMap((c) => (c.pid === undefined ? [] : [c.pid])),
      } satisfies InstanceRecord),
    );
  };

  const stop = async () => {
    stopping = true;
    const alive = children.filter((c) => c.exitCode === null && c.signalCode === null);
    const gone = Promise.all(alive.map((c) => new Promise((resolve) => c.once('exit', resolve))));
    /** To each process group (the FastCGI manager and its workers, nginx's master and workers). */
    const killGroups = () => {
      for (const c of children)
        if (c.pid !== undefined)
          try {
            process.kill(-c.pid, 'SIGKILL');
          } catch {
            /* already gone */
          }
    };
    // Each leader ends its workers on SIGTERM; whatever is left after 3 s, or after the leader, is killed.
    for (const c of alive) c.kill('SIGTERM');
    const timer = new Promise((resolve) => setTimeout(resolve, 3_000).unref());
    if ((await Promise.race([gone.then(() => 'gone'), timer])) !== 'gone') {
      killGroups();
      await gone;
    }
    killGroups();
    rmSync(dir, { recursive: true, force: true });
    rmSync(recordFile, { force: true });
  };

  const socket = join(dir, 'run/llng.sock');
  const until = Date.now() + 30_000;
  const waitFor = async (what: string, ready: () => boolean | Promise<boolean>) => {
    while (!stopping && !(await ready())) {
      if (Date.now() > until) throw new Error(`${what} within 30 s:\n${output.join('\n')}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  try {
    const env = {
      ...process.env,
      LLNG_DEFAULTCONFFILE: join(dir, 'lemonldap-ng.ini'),
      LLNG_DEFAULTLOGGER: 'Lemonldap::NG::Common::Logger::Std',
    };
    const asWwwData = isRoot() ? ['--user', 'www-data', '--group', 'www-data'] : [];
    const pid = join(dir, 'run/llng.pid');
    run(
      'llng-fastcgi',
      fastcgiServer,
      ['--foreground', '--proc', '2', '--socket', socket, '--pid', pid, ...asWwwData],
      env,
    );
    // nginx once the FastCGI server's socket is there (else its first requests log errors).
    await Promise.race([waitFor(`LLNG's FastCGI server did not open ${socket}`, () => existsSync(socket)), exited]);
    run('nginx', nginxBin, ['-e', 'stderr', '-p', join(dir, 'nginx'), '-c', join(dir, 'nginx/nginx.conf')], env);
    await Promise.race([waitFor(`${issuer} did not answer`, () => discovery(issuer)), exited]);
    started = true;
  } catch (error) {
    await stop();
    throw error;
  }

  return {
    issuer,
    clientId,
    clientSecret,
    redirectUris: [`${portalUrl}/auth/login`, `${portalUrl}/flows/auth-refresh`],
    postLogoutRedirectUri: `${portalUrl}/auth/logout-success`,
    scopes: ['openid', 'email', 'profile', 'offline_access', apiScope],
    apiAudience,
    users: lemonldapUsers,
    stop,
  };
}

if (import.meta.main) {
  const option = (name: string) => {
    const at = process.argv.indexOf(name);
    return at < 0 ? undefined : process.argv[at + 1];
  };
  const port = Number(option('--port') ?? 4010);
  const portalUrl = option('--portal-url') ?? process.env.PORTAL_URL;
  if (!Number.isInteger(port) || port < 1 || port > 65535) {
    console.error('--port takes a port number');
    process.exit(2);
  }
  try {
    const started = Date.now();
    const llng = await startLemonldap({
      port,
      ...(portalUrl === undefined ? {} : { portalUrl }),
      log: (name, line) => console.error(`[${name}] ${line}`),
      onUnexpectedExit: (name, code) => {
        console.error(`${name} exited (${code}); stopping`);
        void llng.stop().then(() => process.exit(1));
      },
    });
    console.log(`LemonLDAP::NG answers at ${llng.issuer} (started in ${Date.now() - started} ms)
  issuer         ${llng.issuer}
  discovery      ${llng.issuer}/.well-known/openid-configuration
  client id      ${llng.clientId}
  client secret  ${llng.clientSecret}
                 (client_secret_post; client_secret_basic fails for an id with a '-', see docs/testing.md)
  PKCE           required (S256)
  redirect URIs  ${llng.redirectUris.join(' ')}
  after logout   ${llng.postLogoutRedirectUri}
  scopes         ${llng.scopes.join(' ')}
  API audience   ${llng.apiAudience}
  users          ${llng.users.map((u) => `${u.username}/${u.password}`).join(', ')}
Ctrl+C stops it.`);
    const stop = () => void llng.stop().then(() => process.exit(0));
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
