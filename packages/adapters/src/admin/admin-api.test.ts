import { describe, expect, it } from 'vitest';
import { WireDecodeError } from '@portal/contract/decode';
import { createApiClient } from '../http/client.ts';
import { createAdminApi } from './admin-api.ts';
import type { AccessRequestDetail, Mail, WebhookDelivery, WebhookDeliveryDetail } from './types.ts';

function fakeClient(answer: (url: URL, init: RequestInit) => Response) {
  const calls: { url: URL; method: string; body: string | undefined }[] = [];
  const headers: Headers[] = [];
  const client = createApiClient({
    baseUrl: 'https://api.test',
    getLanguage: () => 'de',
    sleep: async () => undefined,
    fetch: async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = input instanceof Request ? input : new Request(input, init);
      const url = new URL(request.url);
      const body = request.method === 'GET' ? undefined : await request.text();
      calls.push({ url, method: request.method, body });
      headers.push(request.headers);
      return answer(url, init ?? {});
    },
  });
  return { api: createAdminApi(client), client, calls, headers };
}

const accessRequest = {
  id: '11111111-1111-4111-8111-111111111111',
  applicationId: 'planner',
  status: 'ACCEPTED',
  requestedAt: '2026-11-20T08:00:00.000Z',
  user: {
    id: '44444444-4444-4444-8444-444444444444',
    fullName: 'Nora Koch',
    email: 'nora@example.com',
    companyName: null,
  },
  requestedAccountAccess: null,
  requestedRole: null,
  comment: null,
  decidedAt: '2026-11-21T08:00:00.000Z',
  decidedBy: 'a1b2c3d4-0000-4000-8000-000000000001',
  decidedByName: 'Ada Admin',
  reason: null,
  roleIds: ['55555555-5555-4555-8555-555555555555'],
  accountAccessIds: [],
  justification: null,
  answers: [],
  requestedEndsAt: null,
  endsAt: null,
  expiredAt: null,
  timeBoundAccess: false,
  maxEndsAt: null,
} satisfies AccessRequestDetail;

const webhookDelivery = {
  id: '22222222-2222-4222-8222-222222222222',
  event: 'TEST',
  userId: '44444444-4444-4444-8444-444444444444',
  status: 'PENDING',
  replayOf: null,
  attempts: 0,
  responseStatus: null,
  error: null,
  errorKind: null,
  createdAt: '2026-11-25T08:00:00.000Z',
  lastAttemptAt: null,
  nextAttemptAt: '2026-11-25T08:00:01.000Z',
} satisfies WebhookDelivery;

const json = (data: unknown, status = 200) =>
  new Response(JSON.stringify(data), { status, headers: { 'content-type': 'application/json' } });

describe('createAdminApi', () => {
  it('asks one page of a list with the query', async () => {
    const { api, calls } = fakeClient(() => json({ items: [], total: 0 }));
    await expect(api.roles.list({ page: 3, pageSize: 10, search: 'plan', sort: 'key', order: 'asc' })).resolves.toEqual(
      { items: [], total: 0 },
    );
    expect(calls[0]?.url.pathname).toBe('/Roles');
    expect(Object.fromEntries(calls[0]?.url.searchParams ?? [])).toEqual({
      page: '3',
      pageSize: '10',
      search: 'plan',
      sort: 'key',
      order: 'asc',
    });
  });

  it('links the CSV download of the users with the current search and sort, without paging (#20.3)', () => {
    const { api } = fakeClient(() => json({}));
    expect(api.users.exportUrl({ search: ' Küche & Co ', sort: 'email', order: 'desc' })).toBe(
      '/api/Users/Export?search=K%C3%BCche+%26+Co&sort=email&order=desc',
    );
    expect(api.users.exportUrl({})).toBe('/api/Users/Export');
    expect(
      createAdminApi(fakeClient(() => json({})).client, { baseUrl: 'https://portal.test/api/' }).users.exportUrl({
        sort: 'fullName',
        order: 'asc',
      }),
    ).toBe('https://portal.test/api/Users/Export?sort=fullName&order=asc');
  });

  it("links the CSV download of every other console list, an application's with its id and the requests with their status", () => {
    const { api } = fakeClient(() => json({}));
    expect(api.applications.exportUrl({ sort: 'sortNumber', order: 'asc' })).toBe(
      '/api/Applications/Export?sort=sortNumber&order=asc',
    );
    expect(api.attributes.exportUrl({ search: 'nr' })).toBe('/api/Attributes/Export?search=nr');
    expect(api.permissions.exportUrl({})).toBe('/api/Permissions/Export');
    expect(api.roles.exportUrl({})).toBe('/api/Roles/Export');
    expect(api.accountAccesses.exportUrl({})).toBe('/api/AccountAccesses/Export');
    expect(api.customFlows.exportUrl({})).toBe('/api/CustomFlows/Export');
    expect(api.applicationUsersExportUrl('küchen/planer', { sort: 'email', order: 'desc' })).toBe(
      '/api/Admin/Applications/k%C3%BCchen%2Fplaner/Users/Export?sort=email&order=desc',
    );
    expect(api.accessRequestsExportUrl('planner', { status: 'OPEN', search: 'nora' })).toBe(
      '/api/Admin/Applications/planner/AccessRequests/Export?search=nora&status=OPEN',
    );
    expect(api.accessRequestsExportUrl('planner', {})).toBe('/api/Admin/Applications/planner/AccessRequests/Export');
  });

  it('puts the decision of an access request', async () => {
    const { api, calls } = fakeClient(() => json(accessRequest));
    await expect(
      api.decideAccessRequest('11111111-1111-4111-8111-111111111111', {
        kind: 'accept',
        roleIds: ['r'],
        accountAccessIds: [],
      }),
    ).resolves.toEqual(accessRequest);
    expect(calls[0]?.method).toBe('PUT');
    expect(calls[0]?.url.pathname).toBe('/Admin/Applications/AccessRequests/11111111-1111-4111-8111-111111111111');
    expect(JSON.parse(calls[0]?.body ?? '')).toEqual({ decision: 'ACCEPT', roleIds: ['r'] });
  });

  it("refuses an answer that is not what the contract says, naming the bad value's path", async () => {
    const { api } = fakeClient(() => json({ ...accessRequest, user: { ...accessRequest.user, email: 7 } }));
    const refused = api.getAccessRequest(accessRequest.id);
    await expect(refused).rejects.toBeInstanceOf(WireDecodeError);
    await expect(refused).rejects.toMatchObject({ schema: 'AccessRequest', path: 'user.email' });
    const { api: lists } = fakeClient(() => json({ items: [{ id: 'r' }], total: 1 }));
    await expect(lists.roles.list({ page: 1, pageSize: 10 })).rejects.toMatchObject({
      schema: 'RoleList',
      path: 'items.0.key',
    });
  });

  it('throws the HTTP error of a failed save with its body', async () => {
    const error = { error: { code: '400', message: 'Ungültig', errors: [{ message: 'bad', field: 'url' }] } };
    const { api } = fakeClient(() => json(error, 400));
    await expect(api.applications.create({ label: 'x', url: 'ftp://x' })).rejects.toMatchObject({
      status: 400,
      body: error,
    });
  });

  it('reads where a role is used, and what its delete removed it from (#17.15)', async () => {
    const groups = [
      {
        kind: 'APPLICATION',
        count: 2,
        first: [
          { id: 'a', label: 'Küchenplaner' },
          { id: 'b', label: 'Serviceportal' },
        ],
      },
    ];
    const { api, calls } = fakeClient((url) =>
      json(url.pathname.endsWith('/Usage') ? { groups } : { removedFrom: groups }),
    );
    expect(await api.roles.usage('11111111-1111-4111-8111-111111111111')).toEqual({ groups });
    expect(await api.roles.remove('11111111-1111-4111-8111-111111111111')).toEqual({ removedFrom: groups });
    expect(calls.map((c) => `${c.method} ${c.url.pathname}`)).toEqual([
      'GET /Roles/11111111-1111-4111-8111-111111111111/Usage',
      'DELETE /Roles/11111111-1111-4111-8111-111111111111',
    ]);
  });

  it('sends a test delivery, reads and replays one and manages the signing secrets (#20.2)', async () => {
    const app = '11111111-1111-4111-8111-111111111111';
    const delivery = '22222222-2222-4222-8222-222222222222';
    const secret = { id: '33333333-3333-4333-8333-333333333333', createdAt: '2026-11-25T08:00:00.000Z', hint: 'wxyz' };
    const detail = {
      delivery: webhookDelivery,
      payload: { event: 'TEST' },
      attempts: [],
    } satisfies WebhookDeliveryDetail;
    const { api, calls } = fakeClient((url) => {
      const method = calls.at(-1)?.method;
      if (method === 'DELETE' || url.pathname.endsWith('/Resume')) return new Response(null, { status: 204 });
      if (url.pathname.endsWith('/WebhookSigningSecrets'))
        return method === 'POST' ? json({ ...secret, secret: 'whsec_abcwxyz' }, 201) : json({ secrets: [secret] });
      return url.pathname.endsWith(delivery) ? json(detail) : json(webhookDelivery, 202);
    });
    expect(await api.sendTestWebhookDelivery(app)).toEqual(webhookDelivery);
    expect(await api.getWebhookDelivery(app, delivery)).toEqual(detail);
    expect(await api.replayWebhookDelivery(app, delivery)).toEqual(webhookDelivery);
    expect(await api.listWebhookSigningSecrets(app)).toEqual([secret]);
    expect(await api.createWebhookSigningSecret(app)).toEqual({ ...secret, secret: 'whsec_abcwxyz' });
    await api.deleteWebhookSigningSecret(app, secret.id);
    await api.resumeWebhook(app);
    expect(calls.map((c) => `${c.method} ${c.url.pathname.replace(app, 'A')}`)).toEqual([
      'POST /Admin/Applications/A/WebhookDeliveries/Test',
      `GET /Admin/Applications/A/WebhookDeliveries/${delivery}`,
      `POST /Admin/Applications/A/WebhookDeliveries/${delivery}/Replay`,
      'GET /Admin/Applications/A/WebhookSigningSecrets',
      'POST /Admin/Applications/A/WebhookSigningSecrets',
      `DELETE /Admin/Applications/A/WebhookSigningSecrets/${secret.id}`,
      'POST /Admin/Applications/A/Webhook/Resume',
    ]);
  });

  it('lists the mails by state and reads whether mail is sent (#29)', async () => {
    const mail = {
      id: '33333333-3333-4333-8333-333333333333',
      kind: 'ACCESS_REQUESTED',
      recipient: 'planer@hk-demo.test',
      language: 'de',
      subject: 'Neue Zugriffsanfrage für Küchenplaner',
      status: 'FAILED',
      attempts: 8,
      lastError: '550 No such user',
      applicationId: 'planner',
      requestId: accessRequest.id,
      createdAt: '2026-11-20T08:00:00.000Z',
      lastAttemptAt: '2026-11-20T09:00:00.000Z',
      nextAttemptAt: null,
      sentAt: null,
    } satisfies Mail;
    const { api, calls } = fakeClient((url) =>
      url.pathname.endsWith('/MailSettings')
        ? json({ sending: false, internalCopyTo: null })
        : json({ items: [mail], total: 1 }),
    );
    expect(await api.listMails({ page: 2, pageSize: 50, status: 'FAILED' })).toEqual({ items: [mail], total: 1 });
    expect(await api.getMailSettings()).toEqual({ sending: false, internalCopyTo: null });
    expect(calls.map((c) => `${c.url.pathname}${c.url.search}`)).toEqual([
      '/Admin/Mails?page=2&pageSize=50&status=FAILED',
      '/Admin/MailSettings',
    ]);
  });

  it('throws the 409 of a third signing secret with its code', async () => {
    const error = {
      error: {
        code: 'webhook.secretLimit',
        message: 'Es sind bereits zwei Signaturschlüssel aktiv.',
        errors: [{ message: 'Es sind bereits zwei Signaturschlüssel aktiv.' }],
      },
    };
    const { api } = fakeClient(() => json(error, 409));
    await expect(api.createWebhookSigningSecret('hk-portal')).rejects.toMatchObject({ status: 409, body: error });
  });

  it("makes every call of each global list's kind on its own paths (one factory, a table of kinds)", async () => {
    const { api, calls } = fakeClient(() => new Response(null, { status: 204 }));
    const sent = async (call: () => Promise<unknown>) => {
      const before = calls.length;
      // No answer: the validator refuses it (answers are tested above); only the request is looked at here.
      await call().catch(() => undefined);
      const request = calls[before];
      return `${request?.method ?? ''} ${request?.url.pathname ?? ''}${request?.url.search ?? ''} ${request?.body ?? ''}`.trim();
    };
    const page = { page: 1, pageSize: 10 } as const;
    const kinds = [
      ['/Applications', api.applications],
      ['/Attributes', api.attributes],
      ['/Permissions', api.permissions],
      ['/Roles', api.roles],
      ['/AccountAccesses', api.accountAccesses],
      ['/CustomFlows', api.customFlows],
    ] as const;
    for (const [base, kind] of kinds) {
      expect(await sent(() => kind.list({ ...page, search: ' a ' }))).toBe(`GET ${base}?page=1&pageSize=10&search=a`);
      expect(await sent(() => kind.get('e1'))).toBe(`GET ${base}/e1`);
      // Each kind's input type is its own; the request sends whatever body it is given.
      expect(await sent(() => kind.create({ key: 'k' } as never))).toBe(`POST ${base} {"key":"k"}`);
      expect(await sent(() => kind.update('e1', { key: 'k' } as never))).toBe(`PUT ${base}/e1 {"key":"k"}`);
      expect(await sent(() => kind.remove('e1'))).toBe(`DELETE ${base}/e1`);
      expect(await sent(() => kind.history('e1', { ...page, sort: 'updatedAt', order: 'desc' }))).toBe(
        `GET ${base}/e1/History?page=1&pageSize=10&sort=updatedAt&order=desc`,
      );
      expect(await sent(() => kind.revert('e1', 'h1'))).toBe(`POST ${base}/e1/History/h1/Revert`);
      expect(await sent(() => kind.removeMany(['e1', 'e2']))).toBe(`POST ${base}/BulkDelete {"ids":["e1","e2"]}`);
    }
    for (const [base, kind] of [
      ['/Applications', api.applications],
      ['/Users', api.users],
      ['/Attributes', api.attributes],
      ['/Permissions', api.permissions],
      ['/Roles', api.roles],
      ['/AccountAccesses', api.accountAccesses],
      ['/CustomFlows', api.customFlows],
    ] as const) {
      expect(await sent(() => kind.usage('e1'))).toBe(`GET ${base}/e1/Usage`);
    }
    expect(await sent(() => api.users.list({ ...page, sort: 'email', order: 'asc' }))).toBe(
      'GET /Users?page=1&pageSize=10&sort=email&order=asc',
    );
    expect(await sent(() => api.users.get('u1'))).toBe('GET /Users/u1');
    expect(await sent(() => api.users.remove('u1'))).toBe('DELETE /Users/u1');
    // A delete that answers 204 is done; a used kind's delete answers what the entity was removed from.
    await expect(api.applications.remove('a1')).resolves.toBeUndefined();
    await expect(api.permissions.remove('p1')).rejects.toThrow();
    await expect(api.roles.remove('r1')).rejects.toThrow();
  });

  it('deletes with 204', async () => {
    const { api, calls } = fakeClient(() => new Response(null, { status: 204 }));
    await api.removeApplicationUser('hk-portal', '11111111-1111-4111-8111-111111111111');
    expect(calls[0]?.method).toBe('DELETE');
    expect(calls[0]?.url.pathname).toBe('/Admin/Applications/hk-portal/Users/11111111-1111-4111-8111-111111111111');
  });
});

describe('bulk changes and the CSV import (#20.3), as jobs (#28.6)', () => {
  const job = {
    id: '22222222-2222-4222-8222-222222222222',
    kind: 'USERS_BULK',
    applicationId: 'app',
    status: 'QUEUED',
    progress: { done: 0, total: 3 },
    createdAt: '2026-11-27T08:00:00.000Z',
    startedAt: null,
    finishedAt: null,
    statusUrl: 'https://portal.test/api/Admin/Applications/app/Jobs/22222222-2222-4222-8222-222222222222',
    result: null,
    error: null,
  };
  const accepted = () => json(job, 202);

  it('sends several users or requests in one call with the submit’s Idempotency-Key and answers the job', async () => {
    const { api, calls, headers } = fakeClient(accepted);
    await expect(
      api.bulkUpdateApplicationUsers(
        'app',
        { action: 'addRoles', userIds: ['u1', 'u2', 'u3'], roleIds: ['r1'] },
        'key-00000001',
      ),
    ).resolves.toEqual(job);
    expect(calls[0]).toMatchObject({
      method: 'POST',
      body: JSON.stringify({ action: 'addRoles', userIds: ['u1', 'u2', 'u3'], roleIds: ['r1'] }),
    });
    expect(calls[0]?.url.pathname).toBe('/Admin/Applications/app/Users/Bulk');
    expect(headers[0]?.get('idempotency-key')).toBe('key-00000001');
    await api.decideAccessRequests('app', ['q1'], { kind: 'deny', reason: 'nein' }, 'key-00000002');
    expect(calls[1]?.url.pathname).toBe('/Admin/Applications/app/AccessRequests/Decide');
    expect(headers[1]?.get('idempotency-key')).toBe('key-00000002');
    expect(JSON.parse(calls[1]?.body ?? '')).toEqual({
      requestIds: ['q1'],
      decision: { decision: 'DENY', reason: 'nein' },
    });
  });

  it('deletes several entities of a global list at once (no job: measured fast enough)', async () => {
    const { api, calls } = fakeClient(() => json({ count: 2 }));
    await expect(api.roles.removeMany(['a', 'b'])).resolves.toBe(2);
    expect(calls[0]?.url.pathname).toBe('/Roles/BulkDelete');
    expect(JSON.parse(calls[0]?.body ?? '')).toEqual({ ids: ['a', 'b'] });
    await api.users.removeMany(['u']);
    expect(calls[1]?.url.pathname).toBe('/Users/BulkDelete');
    await api.applications.removeMany(['app-1']);
    expect(calls[2]?.url.pathname).toBe('/Applications/BulkDelete');
  });

  it('sends the CSV text for a dry run (the answer at once) or applied (a job), and reads a job', async () => {
    const answer = {
      applied: false,
      rows: [],
      invalid: [{ line: 2, email: null, message: 'Die E-Mail-Adresse fehlt.' }],
    };
    const { api, calls, headers } = fakeClient((url) =>
      url.pathname.endsWith('/Import')
        ? calls.length === 1
          ? json(answer)
          : accepted()
        : json({ ...job, status: 'RUNNING' }),
    );
    await expect(api.dryRunImport('app', 'email,roles\n,x')).resolves.toEqual(answer);
    expect(calls[0]?.url.pathname).toBe('/Admin/Applications/app/Users/Import');
    expect(JSON.parse(calls[0]?.body ?? '')).toEqual({ csv: 'email,roles\n,x', apply: false });
    expect(headers[0]?.has('idempotency-key')).toBe(false);
    await expect(api.startImport('app', 'email,roles\na@x,y', 'key-00000003')).resolves.toMatchObject({ id: job.id });
    expect(JSON.parse(calls[1]?.body ?? '')).toEqual({ csv: 'email,roles\na@x,y', apply: true });
    expect(headers[1]?.get('idempotency-key')).toBe('key-00000003');
    await expect(api.getJob('app', job.id)).resolves.toMatchObject({ status: 'RUNNING' });
    expect(calls[2]).toMatchObject({ method: 'GET' });
    expect(calls[2]?.url.pathname).toBe(`/Admin/Applications/app/Jobs/${job.id}`);
  });

  it('sends a submit again after a proxy’s 504 with the same key, and takes the job it answers then', async () => {
    let n = 0;
    const { api, calls, headers } = fakeClient(() =>
      ++n === 1 ? json({ error: { code: 'upstream.timeout', message: 'Zu langsam', errors: [] } }, 504) : accepted(),
    );
    await expect(api.startImport('app', 'email,roles\na@x,y', 'key-00000004')).resolves.toMatchObject({ id: job.id });
    expect(calls).toHaveLength(2);
    expect(headers.map((h) => h.get('idempotency-key'))).toEqual(['key-00000004', 'key-00000004']);
  });

  it('refuses an answer that is no job (a validator names the path)', async () => {
    const { api } = fakeClient(() => json({ ...job, status: 'DONE' }, 202));
    await expect(api.startImport('app', 'x', 'key-00000005')).rejects.toThrow(/status/);
  });
});

describe('getApplicationUserAccessReasons (#19.6)', () => {
  const reasons = {
    applicationId: 'planner',
    userId: '44444444-4444-4444-8444-444444444444',
    hasAccess: true,
    accessSince: '2026-11-20T08:00:00.000Z',
    reasons: [
      {
        kind: 'ACCESS_REQUEST',
        at: '2026-11-21T08:00:00.000Z',
        by: { id: 'u1', fullName: 'Ada Admin' },
        accessRequestId: accessRequest.id,
        directoryGroupName: null,
      },
    ],
    roles: [
      {
        ref: { id: 'r1', key: 'viewer', label: 'Viewer' },
        reasons: [{ kind: 'UNKNOWN', at: null, by: null, accessRequestId: null, directoryGroupName: null }],
      },
    ],
    accountAccesses: [],
  };

  it("reads the reasons of a user's access from its path", async () => {
    const { api, calls } = fakeClient(() => json(reasons));
    expect(await api.getApplicationUserAccessReasons('planner', reasons.userId)).toEqual(reasons);
    expect(calls[0]?.url.pathname).toBe(`/Admin/Applications/planner/Users/${reasons.userId}/AccessReasons`);
  });

  it('refuses an answer the contract does not allow', async () => {
    const { api } = fakeClient(() => json({ ...reasons, reasons: [{ kind: 'GUESSED' }] }));
    await expect(api.getApplicationUserAccessReasons('planner', reasons.userId)).rejects.toBeInstanceOf(
      WireDecodeError,
    );
  });
});
