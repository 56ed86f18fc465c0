// The directory's groups (#29.3): an internal account's groups go into its ID token and its access
// token for the API, under IDP_CLAIM_GROUPS (default `groups`), as Entra ID and Keycloak issue them
// for members; an external account gets no groups claim. The groups come from
// IDP_DATA_DIR/directory-groups.json, created from the demo identities, and a change of the file
// is in the next token, without a restart.
import { mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRemoteJWKSet, jwtVerify, type JWTPayload } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import identities from '@portal/contract/demo-identities.json' with { type: 'json' };
import { Browser } from '@portal/tooling/browser';
import { DIRECTORY_FILE, DirectoryGroups, defaultDirectory, parseDirectory } from './accounts/directory.ts';
import { configFromEnv } from './config.ts';
import { startIdp, type Idp } from './server.ts';
import { startApiStub, type ApiStub } from './testing/api-stub.ts';
import { PORTAL, portalFlow, SHOP } from './testing/flow.ts';

const byKind = (kind: string) => {
  const found = identities.accounts.find((a) => a.kind === kind);
  if (!found) throw new Error(`no demo account ${kind}`);
  return found;
};
const employee = byKind('internal-employee');
const admin = byKind('global-admin');
const partner = byKind('partner');

let stub: ApiStub;
let idp: Idp;
let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'hk-idp-groups-'));
  stub = await startApiStub();
  idp = await startIdp({
    ...configFromEnv({}),
    port: 0,
    dataDir,
    apiUrl: stub.url,
    portalUrl: PORTAL,
    dealerShopUrl: SHOP,
  });
  stub.trust(idp.config.authority, idp.policies.signin.urls.jwks, idp.config.apiAudience);
});

afterAll(async () => {
  await idp.close();
  await stub.close();
  await rm(dataDir, { recursive: true, force: true });
});

const { signIn, exchange, token } = portalFlow(() => idp);

/** Signs `email` in (code flow), verifies both tokens with jose; returns them and the refresh token. */
async function tokensOf(provider: () => Idp, email: string) {
  const flow = portalFlow(provider);
  const { cb, verifier } = await flow.signIn(new Browser(), email);
  const answer = await flow.exchange('signin', cb.searchParams.get('code') ?? '', verifier);
  expect(answer.status).toBe(200);
  return { ...(await verified(provider(), answer.body)), refreshToken: answer.body.refresh_token ?? '' };
}

async function verified(provider: Idp, body: Record<string, string>) {
  const { issuer, jwks } = provider.policies.signin.urls;
  const keys = createRemoteJWKSet(new URL(jwks));
  const id = await jwtVerify<JWTPayload>(body.id_token ?? '', keys, {
    issuer,
    audience: identities.clients.portal.clientId,
  });
  const access = await jwtVerify<JWTPayload>(body.access_token ?? '', keys, {
    issuer,
    audience: provider.config.apiAudience,
    typ: 'at+jwt',
  });
  return { id: id.payload, access: access.payload };
}

/** Replaces the directory file as an editor that writes a new file does (the next token reads it). */
async function writeDirectory(dir: string, content: unknown) {
  const file = join(dir, DIRECTORY_FILE);
  await writeFile(`${file}.new`, typeof content === 'string' ? content : JSON.stringify(content, null, 2));
  await rename(`${file}.new`, file);
}

describe('the directory file', () => {
  it('is created from the demo identities: the internal accounts with their groups, the employee in HK-Mitarbeitende', async () => {
    const written = JSON.parse(await readFile(join(dataDir, DIRECTORY_FILE), 'utf8')) as unknown;
    const directory = defaultDirectory();
    expect(written).toEqual(directory);
    expect(Object.keys(directory).sort()).toEqual([admin.id, employee.id].sort());
    expect(directory[admin.id]).toEqual([]);
    expect(directory[employee.id]).toContain('HK-Mitarbeitende');
  });

  it('is kept as it is when the provider starts again', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'hk-idp-groups-keep-'));
    try {
      await writeDirectory(dir, { [employee.id]: ['Own-Group'] });
      const directory = await DirectoryGroups.open(dir);
      expect(await directory.groupsOf(employee.id)).toEqual(['Own-Group']);
      expect(await directory.groupsOf(partner.id)).toEqual([]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('is read as account id → group names; anything else says what is wrong', () => {
    expect([...parseDirectory('{"a":["G1","G1","G2"],"b":[]}')]).toEqual([
      ['a', ['G1', 'G2']],
      ['b', []],
    ]);
    expect(() => parseDirectory('{"a":')).toThrow(/^not JSON/);
    expect(() => parseDirectory('["G1"]')).toThrow('must be a JSON object of account id → list of group names');
    expect(() => parseDirectory('{"a":"G1"}')).toThrow('the groups of "a" must be a list of group names');
    expect(() => parseDirectory('{"a":["G1",""]}')).toThrow('the groups of "a" must be a list of group names');
    expect(() => parseDirectory('{"a":[1]}')).toThrow('the groups of "a" must be a list of group names');
  });

  it('keeps the groups read before while the file is broken, says so once, and takes the repaired file', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'hk-idp-groups-broken-'));
    const lines: string[] = [];
    try {
      const directory = await DirectoryGroups.open(dir, { log: (line) => lines.push(line) });
      expect(await directory.groupsOf(employee.id)).toEqual(employee.groups);
      await writeDirectory(dir, `{"${employee.id}": ["Half`);
      expect(await directory.groupsOf(employee.id)).toEqual(employee.groups);
      expect(await directory.groupsOf(employee.id)).toEqual(employee.groups);
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(/directory-groups\.json: not JSON .*; the groups read before stay in use$/);
      await writeDirectory(dir, { [employee.id]: ['Repaired'] });
      expect(await directory.groupsOf(employee.id)).toEqual(['Repaired']);
      // No file: nobody is in a group.
      await rm(join(dir, DIRECTORY_FILE));
      expect(await directory.groupsOf(employee.id)).toEqual([]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('the groups claim', () => {
  it("is in the employee's ID token and access token for the API, with the directory's groups", async () => {
    const { id, access } = await tokensOf(() => idp, employee.email);
    expect(id.groups).toEqual(employee.groups);
    expect(access.groups).toEqual(employee.groups);
    expect(access.groups).toContain('HK-Mitarbeitende');
  });

  it('is an empty list for an internal account in no group, and absent for a partner', async () => {
    const internal = await tokensOf(() => idp, admin.email);
    expect(internal.id.groups).toEqual([]);
    expect(internal.access.groups).toEqual([]);
    const external = await tokensOf(() => idp, partner.email);
    expect(external.id).not.toHaveProperty('groups');
    expect(external.access).not.toHaveProperty('groups');
    expect(external.access.internal).toBe(false);
  });

  it('follows a change of the file at the next token: a refresh, and a new sign-in', async () => {
    const before = await tokensOf(() => idp, employee.email);
    const file = join(dataDir, DIRECTORY_FILE);
    const original = await readFile(file, 'utf8');
    try {
      // Removed from HK-Mitarbeitende, in another group: the refreshed tokens say so.
      await writeDirectory(dataDir, { ...defaultDirectory(), [employee.id]: ['HK-Vertrieb', 'HK-Neu'] });
      const refreshed = await token('signin', { grant_type: 'refresh_token', refresh_token: before.refreshToken });
      expect(refreshed.status).toBe(200);
      const next = await verified(idp, refreshed.body);
      expect(next.id.groups).toEqual(['HK-Vertrieb', 'HK-Neu']);
      expect(next.access.groups).toEqual(['HK-Vertrieb', 'HK-Neu']);
      // Edited in place (as a text editor saves), out of every group: the next sign-in has none.
      await writeFile(file, JSON.stringify({ ...defaultDirectory(), [employee.id]: [] }));
      const { cb, verifier } = await signIn(new Browser(), employee.email);
      const again = await exchange('signin', cb.searchParams.get('code') ?? '', verifier);
      expect((await verified(idp, again.body)).access.groups).toEqual([]);
    } finally {
      await writeFile(file, original);
    }
    expect((await tokensOf(() => idp, employee.email)).access.groups).toEqual(employee.groups);
  });

  it('has the name IDP_CLAIM_GROUPS gives it (the name the API reads)', async () => {
    const named = await startIdp({
      ...configFromEnv({ IDP_CLAIM_GROUPS: 'memberOf' }),
      port: 0,
      dataDir,
      apiUrl: stub.url,
      portalUrl: PORTAL,
      dealerShopUrl: SHOP,
    });
    try {
      stub.trust(named.config.authority, named.policies.signin.urls.jwks, named.config.apiAudience);
      const { id, access } = await tokensOf(() => named, employee.email);
      expect(access.memberOf).toEqual(employee.groups);
      expect(id.memberOf).toEqual(employee.groups);
      expect(access).not.toHaveProperty('groups');
    } finally {
      stub.trust(idp.config.authority, idp.policies.signin.urls.jwks, idp.config.apiAudience);
      await named.close();
    }
  });
});
