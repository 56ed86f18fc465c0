// The rules the API shares with core (#31.2) give the same answer on both sides: for the same
// input, what the API refuses or writes is what core's rule (the console's and the portal's) says.
import { Effect } from 'effect';
import fc from 'fast-check';
import { afterAll, assert, beforeAll, describe, expect, it } from 'vitest';
import type { ApiError as ErrorBody, Schema } from '@portal/contract';
import {
  adminNavItems,
  applicationRules,
  decideAccessRequest,
  globalPermissions,
  expiryBadge,
  expiryReminderDays,
  validateApplicationLinks,
  validateAccessRequestForm,
  validateEndDate,
  visibleAdminNavItems,
  type AdminNavKey,
  type SignedInUser,
} from '@portal/core';
import { ApiError } from '../src/http/errors.ts';
import { makeExpiryJob } from '../src/jobs/expiry.ts';
import { translate } from '../src/http/messages.ts';
import { checkEndsAt } from '../src/services/governance.ts';
import { accessRequests, accountAccesses, apps, users } from '../src/db/seed/ids.ts';
import { claimsOf } from '../src/services/access.ts';
import { harness, json, token } from './harness.ts';
import { anyString } from './matchers.ts';
import type { Harness } from './harness.ts';

let h: Harness;
let admin = '';

beforeAll(async () => {
  h = await harness();
  admin = await token({
    sub: users.globalAdmin,
    permissions: (await claimsOf(h.db, users.globalAdmin)).hkData.permissions,
  });
});
afterAll(() => h.close());

type Application = Schema<'Application'>;

/** The answer read as `T` (the contract's type for the status the test expects; contract.test.ts checks them against the document). */
async function call<T = unknown>(
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: T | null }> {
  const r = await h.request(method, path, { token: admin, body });
  const text = await r.text();
  return { status: r.status, body: text ? (JSON.parse(text) as T) : null };
}

const app = (label: string) => ({ label, url: 'https://same-rules.example.test' });

describe('an internal application is not requestable: the API writes what core says', () => {
  it.each([
    [false, false],
    [false, true],
    [true, false],
    [true, true],
  ])('internal %s, requests allowed %s', async (internal, accessRequestAllowed) => {
    const written = applicationRules({ internal, accessRequestAllowed });
    const created = await call<Application>('POST', '/Applications', {
      ...app(`Intern ${internal} ${accessRequestAllowed}`),
      internal,
      accessRequestAllowed,
    });
    expect(created.status).toBe(201);
    expect(created.body?.accessRequestAllowed).toBe(written.accessRequestAllowed);
    const updated = await call<Application>('PUT', `/Applications/${created.body?.id}`, {
      ...app(created.body?.label ?? ''),
      internal,
      accessRequestAllowed,
    });
    expect(updated.status).toBe(200);
    expect(updated.body?.accessRequestAllowed).toBe(written.accessRequestAllowed);
  });
});

describe("directory group names: the API refuses what core's validation refuses, on the same entries", () => {
  const name = fc.constantFrom(
    'HK-Vertrieb',
    'hk-vertrieb ',
    ' HK-VERTRIEB',
    'Planer',
    '\tplaner',
    '',
    '   ',
    'Aussteller',
  );
  it('for any list of names', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(name, { maxLength: 5 }), async (names) => {
        const activationGroups = names.map((directoryGroupName) => ({
          directoryGroupName,
          roleIds: [],
          accountAccessIds: [],
        }));
        const issues = validateApplicationLinks({ activationGroups });
        const answer = await call<Application | ErrorBody>('POST', '/Applications', {
          ...app('Gruppen'),
          activationGroups,
        });
        if (Object.keys(issues).length === 0) {
          expect(answer.status).toBe(201);
          assert(answer.body !== null && 'activationGroups' in answer.body);
          // Written as core writes them (names trimmed).
          expect(answer.body.activationGroups).toEqual(applicationRules({ activationGroups }).activationGroups);
          return;
        }
        expect(answer.status).toBe(400);
        assert(answer.body !== null && 'error' in answer.body);
        const refused = Object.fromEntries(
          answer.body.error.errors
            .filter((e) => e.field?.endsWith('.directoryGroupName'))
            // Each kept one has a field (the filter); `?? ''` only types it.
            .map((e) => [e.field ?? '', e.message] as const),
        );
        const expected = Object.fromEntries(
          Object.entries(issues).map(([field, issue]) => [
            field,
            translate(issue.code === 'validations.required' ? 'required' : 'duplicateEntry', 'de'),
          ]),
        );
        // An empty name fails the document's schema first (minLength), so the API names only the schema's
        // problems then: each of them one of core's.
        if (names.includes('')) expect(expected).toMatchObject(refused);
        else expect(refused).toEqual(expected);
      }),
      { numRuns: 40 },
    );
  });
});

describe("the end of a time-bound access: core's day rule is the API's limits at every instant of today", () => {
  const dayMs = 86_400_000;
  const iso = (day: number) => new Date(day * dayMs).toISOString().slice(0, 10);
  /** The API's answer for an end at `end` checked at `now` (ms): its refusal's key, or undefined. */
  const api = (maxDays: number | null, end: number, now: number) => {
    try {
      checkEndsAt(
        { time_bound_access: true, max_access_days: maxDays },
        new Date(end).toISOString(),
        'endsAt',
        new Date(now),
      );
      return undefined;
    } catch (error) {
      if (error instanceof ApiError) return error.key;
      throw error;
    }
  };

  it('for any today, last day and maximum', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 19_000, max: 22_000 }),
        fc.integer({ min: -3, max: 70 }),
        fc.option(fc.integer({ min: 1, max: 60 }), { nil: null }),
        (today, ahead, maxDays) => {
          const day = today + ahead;
          // The access ends when its last day is over: the midnight after it (the adapters send the user's local one).
          const end = (day + 1) * dayMs;
          const core = validateEndDate(iso(day), { today: iso(today), maxDays: maxDays ?? undefined })?.code;
          const atStart = api(maxDays, end, today * dayMs);
          const atEnd = api(maxDays, end, (today + 1) * dayMs);
          const server =
            atEnd === 'endInPast'
              ? 'validations.dateNotFuture'
              : atStart === 'endTooLate'
                ? 'validations.dateTooLate'
                : undefined;
          expect(core).toBe(server);
          // What core accepts, the API accepts at every instant of today.
          if (core === undefined)
            for (const now of [today * dayMs, today * dayMs + dayMs / 2, (today + 1) * dayMs - 1])
              expect(api(maxDays, end, now)).toBeUndefined();
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe("the reminder: the API reminds of exactly the grants whose tile shows core's expiry badge", () => {
  it('7 days before the end (expiryReminderDays), not before, not after the end', async () => {
    const hour = 3600 * 1000;
    const grants = [
      [users.newUser, 2 * hour],
      [users.customer, 7 * 24 * hour - hour],
      [users.partner, 7 * 24 * hour + hour],
      [users.employee, 14 * 24 * hour - hour],
      [users.appAdmin, 40 * 24 * hour],
    ] as const;
    const now = Date.now();
    for (const [userId, ahead] of grants) {
      await h.db
        .deleteFrom('application_users')
        .where('application_id', '=', apps.marketing)
        .where('user_id', '=', userId)
        .execute();
      await h.db
        .insertInto('application_users')
        .values({
          application_id: apps.marketing,
          user_id: userId,
          role_ids: [],
          account_access_ids: [],
          ends_at: new Date(now + ahead),
        })
        .execute();
    }
    await Effect.runPromise(makeExpiryJob({ db: h.db }).sweep);
    const reminded = await h.db
      .selectFrom('application_users')
      .select(['user_id', 'reminded_at'])
      .where('application_id', '=', apps.marketing)
      .execute();
    expect(expiryReminderDays).toBe(7);
    for (const [userId, ahead] of grants) {
      const badge = expiryBadge(new Date(now + ahead).toISOString(), Date.now());
      expect({ userId, reminded: reminded.find((r) => r.user_id === userId)?.reminded_at != null }).toEqual({
        userId,
        reminded: badge !== undefined,
      });
    }
  });
});

describe("the contract's text limits: the API and core refuse the same texts (characters counted alike)", () => {
  const emoji = (n: number) => '😀'.repeat(n); // one character, two UTF-16 units
  const as = async (userId: string) =>
    token({ sub: userId, permissions: (await claimsOf(h.db, userId)).hkData.permissions });

  it('a justification: as long as the document allows, not one character more', async () => {
    const newUser = await as(users.newUser);
    const ask = async (justification: string) =>
      h.request('POST', `/My/Applications/${apps.kitchenPlanner}/AccessRequest`, {
        token: newUser,
        body: { accountAccessId: accountAccesses.dealerSued, justification },
      });
    const needs = await h.request('GET', `/My/Applications/${apps.kitchenPlanner}/AccessRequest`, { token: newUser });
    const stated = (await json<Schema<'MyAccessRequestOptions'>>(needs)).requirements.justificationMaxLength;
    expect(stated).toBe(1000);
    const options = {
      roleRequired: false,
      accountAccessRequired: false,
      accountAccesses: { items: [], total: 0 },
      roles: { items: [], total: 0 },
      justificationMaxLength: stated,
    };
    const core = (text: string) =>
      validateAccessRequestForm(options, { justification: text }, '2026-11-26').justification?.code;
    for (const text of [emoji(stated + 1), 'x'.repeat(stated + 1)]) {
      expect(core(text)).toBe('validations.tooLong');
      const refused = await ask(text);
      expect(refused.status).toBe(400);
      expect((await json<ErrorBody>(refused)).error.errors).toEqual([{ field: 'justification', message: anyString() }]);
    }
    expect(core(emoji(stated))).toBeUndefined();
    expect((await ask(emoji(stated))).status).toBe(201);
  });

  it("a denial's reason", async () => {
    const appAdmin = await as(users.appAdmin);
    const request = { id: accessRequests.partnerPlanner, status: 'OPEN' as const };
    const port = { decideAccessRequest: () => Promise.resolve() };
    const deny = async (reason: string) =>
      h.request('PUT', `/Admin/Applications/AccessRequests/${accessRequests.partnerPlanner}`, {
        token: appAdmin,
        body: { decision: 'DENY', reason },
      });
    const core = async (reason: string) =>
      (await decideAccessRequest(port, request, { kind: 'deny', reason }, '2026-11-26')).kind;
    expect(await core(emoji(1001))).toBe('invalid');
    expect((await deny(emoji(1001))).status).toBe(400);
    expect(await core(emoji(1000))).toBe('done');
    expect((await deny(emoji(1000))).status).toBe(200);
  });
});

describe("the global permissions: core's one list guards the same pages in the console and the API", () => {
  /** The API's list behind each page of the console's navigation. */
  const listOf: Record<AdminNavKey, string> = {
    users: '/Users',
    applications: '/Applications',
    attributes: '/Attributes',
    permissions: '/Permissions',
    roles: '/Roles',
    accountAccesses: '/AccountAccesses',
    customFlows: '/CustomFlows',
    mails: '/Admin/Mails',
  };
  const user = (permissions: readonly string[]): SignedInUser => ({
    id: users.partner,
    issuer: 'https://idp.example.test/',
    email: 'p@example.test',
    fullName: 'P',
    hkData: { attributes: { firstName: 'P', lastName: 'P' }, permissions: [...permissions], internal: false },
  });
  const status = async (method: string, path: string, permissions: readonly string[], body?: unknown) =>
    (await h.request(method, path, { token: await token({ sub: users.partner, permissions: [...permissions] }), body }))
      .status;

  it.each(adminNavItems.map((item) => [item.key, item.permission] as const))(
    'the %s page: shown and answered with %s, neither without it',
    async (key, permission) => {
      const others = globalPermissions.filter((p) => p !== permission);
      expect(visibleAdminNavItems(user([permission])).map((i) => i.key)).toContain(key);
      expect(await status('GET', listOf[key], [permission])).toBe(200);
      expect(visibleAdminNavItems(user(others)).map((i) => i.key)).not.toContain(key);
      expect(await status('GET', listOf[key], others)).toBe(403);
    },
  );

  it.each(globalPermissions.filter((p) => p.endsWith('.write')).map((p) => [p] as const))(
    'a write needs %s',
    async (write) => {
      const read = write.replace(/\.write$/, '.read');
      const collection = Object.values(listOf).find((path) => path.toLowerCase() === `/${write.split('.')[0]}`);
      if (write === 'all_users.write') {
        const path = `/Users/${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}`;
        expect(await status('DELETE', path, [read])).toBe(403);
        expect(await status('DELETE', path, [read, write])).toBe(404);
        return;
      }
      expect(collection).toBeDefined();
      expect(await status('POST', collection ?? '', [read], {})).toBe(403);
      expect(await status('POST', collection ?? '', [read, write], {})).toBe(400);
    },
  );
});

describe("the contract's largest numbers: the API and core refuse the same", () => {
  it("an application's longest time-bound access", async () => {
    for (const maxAccessDays of [1, 3650, 3651, 0]) {
      const change = { timeBoundAccess: true, maxAccessDays };
      const core = validateApplicationLinks(change)['maxAccessDays'];
      const answer = await call('POST', '/Applications', { ...app(`Längste ${maxAccessDays}`), ...change });
      expect({ maxAccessDays, refused: answer.status === 400 }).toEqual({ maxAccessDays, refused: core !== undefined });
    }
  });
});
