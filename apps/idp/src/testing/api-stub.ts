// A tiny stand-in for the reference API's two internal endpoints (plus the e-mail change),
// for tests of the provider and of its clients. It checks the provider's bearer token
// against the provider's key set exactly as the real API must.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import identities from '@portal/contract/demo-identities.json' with { type: 'json' };
import type { AuthCheckStatus, UserClaims } from '../api-client.ts';

export interface ApiStub {
  url: string;
  /** Where to fetch the provider's keys and what `iss` to expect (call once the provider runs). */
  trust(idpAuthority: string, jwksUrl: string, audience: string): void;
  setPermissions(userId: string, permissions: string[]): void;
  setAuthCheck(userId: string, clientId: string, status: AuthCheckStatus): void;
  /** With `known` false the API answers 404 to AuthCheck for this client (an application not released). */
  setClientKnown(clientId: string, known: boolean): void;
  /** While down, every call answers 503. */
  setDown(down: boolean): void;
  claimsOf(userId: string): UserClaims | undefined;
  /** Requests seen, as `METHOD path`. */
  calls: string[];
  /** Bearer tokens refused (wrong key, issuer, audience or scope). */
  refused: number;
  close(): Promise<void>;
}

export async function startApiStub(): Promise<ApiStub> {
  const users = new Map<string, UserClaims>(
    identities.accounts.map((a) => [
      a.id,
      {
        sub: a.id,
        email: a.email,
        given_name: a.firstName,
        family_name: a.lastName,
        name: `${a.firstName} ${a.lastName}`,
        internal: a.internal,
        language: a.language,
        hkData: {
          attributes: { firstName: a.firstName, lastName: a.lastName },
          permissions: a.kind === 'global-admin' ? ['applications.read', 'all_users.read'] : [],
        },
      },
    ]),
  );
  const gate = new Map<string, AuthCheckStatus>();
  const unknownClients = new Set<string>();
  let down = false;
  let verify: ((token: string) => Promise<boolean>) | undefined;

  const stub: ApiStub = {
    url: '',
    calls: [],
    refused: 0,
    trust(authority, jwksUrl, audience) {
      const jwks = createRemoteJWKSet(new URL(jwksUrl));
      verify = async (token) => {
        try {
          const { payload } = await jwtVerify(token, jwks, {
            issuer: `${authority}/internal`,
            audience,
            algorithms: ['RS256'],
          });
          return payload.scp === 'idp.internal';
        } catch {
          return false;
        }
      };
    },
    setPermissions(userId, permissions) {
      const user = users.get(userId);
      if (user) user.hkData = { ...user.hkData, permissions };
    },
    setAuthCheck(userId, clientId, status) {
      gate.set(`${userId} ${clientId}`, status);
    },
    setClientKnown(clientId, known) {
      if (known) unknownClients.delete(clientId);
      else unknownClients.add(clientId);
    },
    setDown(value) {
      down = value;
    },
    claimsOf: (userId) => users.get(userId),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };

  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://stub.invalid');
      stub.calls.push(`${req.method} ${url.pathname}`);
      const send = (status: number, body?: unknown) => {
        res.statusCode = status;
        res.setHeader('content-type', 'application/json');
        res.end(body === undefined ? '' : JSON.stringify(body));
      };
      if (down) return send(503, { error: { code: 'unavailable', message: 'down', errors: [] } });
      const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
      if (!token || !verify || !(await verify(token))) {
        stub.refused += 1;
        return send(401, { error: { code: 'unauthorized', message: 'bad token', errors: [] } });
      }
      const claims = /^\/Internal\/Users\/([^/]+)\/Claims$/.exec(url.pathname);
      if (req.method === 'GET' && claims?.[1]) {
        const user = users.get(decodeURIComponent(claims[1]));
        return user ? send(200, user) : send(404, { error: { code: 'not_found', message: 'no user', errors: [] } });
      }
      const email = /^\/Internal\/Users\/([^/]+)\/Email$/.exec(url.pathname);
      if (req.method === 'PUT' && email?.[1]) {
        const chunks: Buffer[] = [];
        for await (const c of req) chunks.push(c as Buffer);
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { email?: string };
        const user = users.get(decodeURIComponent(email[1]));
        if (!user || !body.email) return send(404, { error: { code: 'not_found', message: 'no user', errors: [] } });
        user.email = body.email;
        return send(204);
      }
      if (req.method === 'GET' && url.pathname === '/Internal/AuthCheck') {
        if (unknownClients.has(url.searchParams.get('clientId') ?? ''))
          return send(404, { error: { code: 'not_found', message: 'no application', errors: [] } });
        const status = gate.get(`${url.searchParams.get('userId')} ${url.searchParams.get('clientId')}`) ?? 'ok';
        return send(200, { status });
      }
      send(404, { error: { code: 'not_found', message: 'unknown', errors: [] } });
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  stub.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return stub;
}
