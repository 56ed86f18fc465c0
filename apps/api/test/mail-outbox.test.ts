// The mails the API queues (#29): a new access request to the application's notification address
// and the internal copy (in German), the decision to the requester (in their language, accepted
// with what was granted or denied with the reason), the reminder and the end of time-bound access.
// Each row is written in the transaction of its change (the same xmin as the row that changed; a
// refused change leaves none), and without an SMTP host nothing is queued.
import { Effect } from 'effect';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountAccesses, apps, roles, users } from '../src/db/seed/ids.ts';
import { makeExpiryJob } from '../src/jobs/expiry.ts';
import type { MailQueue } from '../src/mail/outbox.ts';
import { claimsOf } from '../src/services/access.ts';
import { harness, PORTAL, token } from './harness.ts';
import type { Harness } from './harness.ts';

const mail: MailQueue = {
  site: { brandName: 'HK Küchen', portalUrl: PORTAL, timeZone: 'Europe/Berlin' },
  internalCopyTo: 'zugriff@hk-intern.test',
};

let h: Harness;
let off: Harness;
const t: Record<string, string> = {};

beforeAll(async () => {
  [h, off] = await Promise.all([harness({ mail }), harness()]);
  for (const [name, id] of Object.entries(users))
    t[name] = await token({ sub: id, permissions: (await claimsOf(h.db, id)).hkData.permissions });
});
afterAll(async () => {
  await Promise.all([h.close(), off.close()]);
});

const mailsOf = (x: Harness, requestId: string) =>
  x.db
    .selectFrom('mail_outbox')
    .select(['kind', 'recipient', 'language', 'subject', 'text_body', 'html_body', 'status', 'attempts'])
    .where('request_id', '=', requestId)
    .orderBy('created_at')
    .orderBy('recipient')
    .execute();

/** The transaction that last wrote a row (PostgreSQL's xmin). */
async function xminOf(x: Harness, table: 'access_requests' | 'mail_outbox', where: string, id: string) {
  const { rows } = await sql<{ xmin: string }>`SELECT xmin::text AS xmin FROM ${sql.table(table)} WHERE ${sql.ref(
    where,
  )} = ${id}`.execute(x.db);
  return rows.map((r) => r.xmin);
}

async function request(x: Harness, as: string, applicationId: string, body: Record<string, unknown>) {
  const created = await x.request('POST', `/My/Applications/${applicationId}/AccessRequest`, { token: t[as], body });
  expect(created.status).toBe(201);
  return ((await created.json()) as { id: string }).id;
}

describe('mails queued with the change they tell about', () => {
  it('a new request: to the notification address, in German, with the request and a link to the console', async () => {
    const id = await request(h, 'newUser', apps.kitchenPlanner, {
      accountAccessId: accountAccesses.dealerSued,
      justification: 'Planung <Filiale> & "Süd"',
    });
    const mails = await mailsOf(h, id);
    // The kitchen planner has a notification address and no internal copy.
    expect(mails).toHaveLength(1);
    const [m] = mails;
    expect(m).toMatchObject({
      kind: 'ACCESS_REQUESTED',
      recipient: 'planer@hk-demo.test',
      language: 'de',
      subject: 'Neue Zugriffsanfrage für Küchenplaner',
      status: 'PENDING',
      attempts: 0,
    });
    const link = `${PORTAL}/admin/${apps.kitchenPlanner}/access-requests/${id}`;
    expect(m?.text_body).toContain('Nora Neu hat Zugriff auf Küchenplaner angefragt.');
    expect(m?.text_body).toContain('Begründung: Planung <Filiale> & "Süd"');
    expect(m?.text_body).toContain(link);
    expect(m?.html_body).toContain('Planung &lt;Filiale&gt; &amp; &quot;Süd&quot;');
    expect(m?.html_body).toContain(`href="${link}"`);
    // Written by the transaction that wrote the request.
    expect(await xminOf(h, 'mail_outbox', 'request_id', id)).toEqual(await xminOf(h, 'access_requests', 'id', id));
  });

  it('the internal copy goes to MAIL_INTERNAL_COPY_TO beside the notification address, and says so', async () => {
    // The dealer ordering sends an internal copy; the partner has access there, so the customer asks.
    const id = await request(h, 'customer', apps.dealerOrdering, { accountAccessId: accountAccesses.dealerSued });
    const mails = await mailsOf(h, id);
    expect(mails.map((m) => [m.recipient, m.language])).toEqual([
      ['haendler@hk-demo.test', 'de'],
      ['zugriff@hk-intern.test', 'de'],
    ]);
    expect(mails[0]?.text_body).not.toContain('interne Kopie');
    expect(mails[1]?.text_body).toContain('Sie erhalten diese E-Mail als interne Kopie der Zugriffsanfragen.');
  });

  it('an application without notification address and internal copy queues no mail', async () => {
    const id = await request(h, 'newUser', apps.servicePortal, {});
    expect(await mailsOf(h, id)).toEqual([]);
  });

  it('a refused request leaves no mail', async () => {
    const before = await h.db
      .selectFrom('mail_outbox')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    // The kitchen planner wants an account access: refused after nothing was written.
    const refused = await h.request('POST', `/My/Applications/${apps.kitchenPlanner}/AccessRequest`, {
      token: t.employee,
      body: {},
    });
    expect(refused.status).toBe(400);
    const after = await h.db
      .selectFrom('mail_outbox')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });

  it('an acceptance: to the requester in their language, with the roles, account access and last day granted', async () => {
    await h.db.updateTable('users').set({ language: 'fr' }).where('id', '=', users.employee).execute();
    const id = await request(h, 'employee', apps.kitchenPlanner, { accountAccessId: accountAccesses.dealerSued });
    // Noon (UTC) 40 days ahead: the last day of access is that day in Berlin too.
    const endsAt = new Date(Date.now() + 40 * 86_400_000);
    endsAt.setUTCHours(12, 0, 0, 0);
    const accepted = await h.request('PUT', `/Admin/Applications/AccessRequests/${id}`, {
      token: t.appAdmin,
      body: {
        decision: 'ACCEPT',
        roleIds: [roles.planner],
        accountAccessIds: [accountAccesses.dealerSued],
        endsAt: endsAt.toISOString(),
      },
    });
    expect(accepted.status).toBe(200);
    const decision = (await mailsOf(h, id)).filter((m) => m.kind === 'REQUEST_ACCEPTED');
    expect(decision).toHaveLength(1);
    expect(decision[0]).toMatchObject({
      recipient: 'employee@hk-demo.test',
      language: 'fr',
      subject: 'Votre accès à Küchenplaner a été accordé',
    });
    const text = decision[0]?.text_body ?? '';
    expect(text).toContain('Bonjour Ilse Intern,');
    expect(text).toContain('Rôles: Planer\n');
    expect(text).toContain('Accès de compte: Möbelhaus Süd AG\n');
    const lastDay = new Intl.DateTimeFormat('fr', { dateStyle: 'long', timeZone: 'Europe/Berlin' }).format(endsAt);
    expect(text).toContain(`Accès jusqu’au (inclus): ${lastDay}`);
    expect(text).toContain(`${PORTAL}/requests`);
    expect((await xminOf(h, 'mail_outbox', 'request_id', id)).at(-1)).toEqual(
      (await xminOf(h, 'access_requests', 'id', id))[0],
    );
  });

  it('a denial: to the requester with the reason, escaped in the HTML', async () => {
    const id = await request(h, 'employee', apps.marketing, {});
    const denied = await h.request('PUT', `/Admin/Applications/AccessRequests/${id}`, {
      token: t.globalAdmin,
      body: { decision: 'DENY', reason: 'Nur für <b>Händler</b>' },
    });
    expect(denied.status).toBe(200);
    const [m] = (await mailsOf(h, id)).filter((x) => x.kind === 'REQUEST_DENIED');
    expect(m).toMatchObject({ recipient: 'employee@hk-demo.test', language: 'fr' });
    expect(m?.text_body).toContain('Motif: Nur für <b>Händler</b>');
    expect(m?.html_body).toContain('Nur für &lt;b&gt;Händler&lt;/b&gt;');
    expect(m?.html_body).not.toContain('<b>Händler');
  });

  it('a direct grant that accepts an open request mails the requester too', async () => {
    const id = await request(h, 'partner', apps.marketing, {});
    const granted = await h.request('PUT', `/Admin/Applications/${apps.marketing}/Users/${users.partner}`, {
      token: t.globalAdmin,
      body: { roleIds: [roles.marketingUser], accountAccessIds: [] },
    });
    expect(granted.status).toBe(200);
    const [m] = (await mailsOf(h, id)).filter((x) => x.kind === 'REQUEST_ACCEPTED');
    // The partner reads English.
    expect(m).toMatchObject({ recipient: 'partner@hk-demo.test', language: 'en' });
    expect(m?.subject).toBe('Your access to Marketing-Downloads has been granted');
  });

  it('time-bound access: a reminder before the end and a note when it ended, each once, with the job’s change', async () => {
    await h.db.updateTable('users').set({ language: 'pl' }).where('id', '=', users.newUser).execute();
    const customerRequest = await h.db
      .selectFrom('access_requests')
      .select('id')
      .where('user_id', '=', users.newUser)
      .where('application_id', '=', apps.kitchenPlanner)
      .where('status', '=', 'OPEN')
      .executeTakeFirstOrThrow();
    const accepted = await h.request('PUT', `/Admin/Applications/AccessRequests/${customerRequest.id}`, {
      token: t.appAdmin,
      body: {
        decision: 'ACCEPT',
        roleIds: [roles.planner],
        endsAt: new Date(Date.now() + 3 * 86_400_000).toISOString(),
      },
    });
    expect(accepted.status).toBe(200);
    const job = makeExpiryJob({ db: h.db, mail });
    expect((await Effect.runPromise(job.sweep)).reminded).toBeGreaterThanOrEqual(1);
    await Effect.runPromise(job.sweep);
    const ofKind = async (kind: string) =>
      h.db
        .selectFrom('mail_outbox')
        .select(['recipient', 'language', 'subject', 'text_body'])
        .where('kind', '=', kind)
        .where('recipient', '=', 'new@hk-demo.test')
        .execute();
    const reminders = await ofKind('ACCESS_EXPIRING');
    expect(reminders).toHaveLength(1);
    expect(reminders[0]).toMatchObject({ language: 'pl', subject: 'Twój dostęp do Küchenplaner wkrótce wygaśnie' });
    expect(reminders[0]?.text_body).toContain(`${PORTAL}/requests`);

    await h.db
      .updateTable('application_users')
      .set({ ends_at: sql<Date>`now() - interval '1 second'` })
      .where('application_id', '=', apps.kitchenPlanner)
      .where('user_id', '=', users.newUser)
      .execute();
    expect((await Effect.runPromise(job.sweep)).removed).toBe(1);
    await Effect.runPromise(job.sweep);
    const ended = await ofKind('ACCESS_EXPIRED');
    expect(ended).toHaveLength(1);
    expect(ended[0]?.subject).toBe('Twój dostęp do Küchenplaner wygasł');
  });
});

describe('the console is told', () => {
  it('that mail is sent, and where the internal copy goes', async () => {
    const r = await h.request('GET', '/Admin/MailSettings', { token: t.globalAdmin });
    expect(await r.json()).toEqual({ sending: true, internalCopyTo: 'zugriff@hk-intern.test' });
  });
});

describe('without an SMTP host', () => {
  it('queues nothing, whatever happens', async () => {
    const id = await (async () => {
      const tNew = await token({ sub: users.newUser, permissions: [] });
      const created = await off.request('POST', `/My/Applications/${apps.kitchenPlanner}/AccessRequest`, {
        token: tNew,
        body: { accountAccessId: accountAccesses.dealerSued },
      });
      expect(created.status).toBe(201);
      return ((await created.json()) as { id: string }).id;
    })();
    const decided = await off.request('PUT', `/Admin/Applications/AccessRequests/${id}`, {
      token: t.appAdmin,
      body: { decision: 'DENY' },
    });
    expect(decided.status).toBe(200);
    const all = await off.db.selectFrom('mail_outbox').select('id').execute();
    expect(all).toEqual([]);
  });
});
