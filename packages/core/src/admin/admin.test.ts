import { describe, expect, it } from 'vitest';
import type { AccessRequestDecision } from '../domain/entities.ts';
import {
  applicationRules,
  decideAccessRequest,
  grantAccess,
  removeAccess,
  saveApplication,
  validateApplicationLinks,
  type AdminPort,
  type ApplicationAccessSettings,
} from './admin.ts';

interface Change extends ApplicationAccessSettings {
  readonly label: string;
}

/** An admin port that records every write. */
function recordingPort() {
  const calls: unknown[][] = [];
  const port: AdminPort<Change, { readonly id: string; readonly change: Change }> = {
    createApplication: async (change) => {
      calls.push(['create', change]);
      return { id: 'new-app', change };
    },
    updateApplication: async (id, change) => {
      calls.push(['update', id, change]);
      return { id, change };
    },
    decideAccessRequest: async (id, decision) => {
      calls.push(['decide', id, decision]);
    },
    grantAccess: async (applicationId, userId, access) => {
      calls.push(['grant', applicationId, userId, access]);
      return { granted: access };
    },
    removeAccess: async (applicationId, userId) => {
      calls.push(['remove', applicationId, userId]);
    },
  };
  return { port, calls };
}

const change = (over: Partial<Change> = {}): Change => ({
  label: 'Planer',
  internal: false,
  accessRequestAllowed: true,
  activationGroups: [],
  ...over,
});

describe('saving an application with its links', () => {
  it('an internal application is not requestable, whatever the form said (spec §6)', () => {
    expect(applicationRules(change({ internal: true, accessRequestAllowed: true })).accessRequestAllowed).toBe(false);
    expect(applicationRules(change({ internal: false, accessRequestAllowed: true })).accessRequestAllowed).toBe(true);
    expect(applicationRules(change({ internal: false, accessRequestAllowed: false })).accessRequestAllowed).toBe(false);
  });

  it('writes what was left out as it was: no internal flag, no groups', () => {
    expect(applicationRules({ accessRequestAllowed: true })).toEqual({ accessRequestAllowed: true });
    expect(validateApplicationLinks({})).toEqual({});
  });

  it('keeps the rest of the change and trims the directory group names', () => {
    const group = { directoryGroupName: '  HK-Planer ', roleIds: ['r1'] };
    const written = applicationRules({ ...change(), activationGroups: [group] });
    expect(written).toEqual({ ...change(), activationGroups: [{ directoryGroupName: 'HK-Planer', roleIds: ['r1'] }] });
  });

  it('request rules (#30.2): no longest access without time-bound access, only linked groups requestable', () => {
    expect(applicationRules(change({ timeBoundAccess: false, maxAccessDays: 90 })).maxAccessDays).toBeNull();
    expect(applicationRules(change({ timeBoundAccess: true, maxAccessDays: 90 })).maxAccessDays).toBe(90);
    expect(
      applicationRules(change({ accountAccessIds: ['a', 'b'], requestableAccountAccessIds: ['b', 'c'] }))
        .requestableAccountAccessIds,
    ).toEqual(['b']);
  });

  it('time-bound access lasts 1 to 3650 whole days, or has no maximum (#30.2)', () => {
    for (const days of [0, 3651, 1.5, Number.NaN])
      expect(validateApplicationLinks(change({ timeBoundAccess: true, maxAccessDays: days }))).toEqual({
        maxAccessDays: { code: 'validations.range', params: { min: 1, max: 3650 } },
      });
    expect(validateApplicationLinks(change({ timeBoundAccess: true, maxAccessDays: 365 }))).toEqual({});
    expect(validateApplicationLinks(change({ timeBoundAccess: true, maxAccessDays: null }))).toEqual({});
    expect(validateApplicationLinks(change({ timeBoundAccess: false, maxAccessDays: 0 }))).toEqual({});
  });

  it('each activation group needs its name, each name once (trimmed, any letters), on the repeated entry', () => {
    const groups = ['A', ' ', 'b', ' a ', 'B'].map((directoryGroupName) => ({ directoryGroupName }));
    expect(validateApplicationLinks(change({ activationGroups: groups }))).toEqual({
      'activationGroups.1.directoryGroupName': { code: 'validations.required' },
      'activationGroups.3.directoryGroupName': { code: 'validations.tagDuplicate' },
      'activationGroups.4.directoryGroupName': { code: 'validations.tagDuplicate' },
    });
    expect(
      validateApplicationLinks(
        change({ activationGroups: [{ directoryGroupName: 'A' }, { directoryGroupName: 'B' }] }),
      ),
    ).toEqual({});
  });

  it('creates without an id, updates with one, writing the rules applied', async () => {
    const { port, calls } = recordingPort();
    await expect(saveApplication(port, undefined, change({ internal: true }))).resolves.toEqual({
      kind: 'done',
      value: { id: 'new-app', change: change({ internal: true, accessRequestAllowed: false }) },
    });
    await saveApplication(port, 'planner', change());
    expect(calls).toEqual([
      ['create', change({ internal: true, accessRequestAllowed: false })],
      ['update', 'planner', change()],
    ]);
  });

  it('writes nothing when a link breaks a rule', async () => {
    const { port, calls } = recordingPort();
    const outcome = await saveApplication(port, 'planner', change({ activationGroups: [{ directoryGroupName: '' }] }));
    expect(outcome).toEqual({
      kind: 'invalid',
      issues: { 'activationGroups.0.directoryGroupName': { code: 'validations.required' } },
    });
    expect(calls).toEqual([]);
  });

  it('hands on a failed write as the port threw it', async () => {
    const port = {
      createApplication: async () => {
        throw new Error('offline');
      },
      updateApplication: async () => ({}),
    };
    await expect(saveApplication(port, undefined, change())).rejects.toThrow('offline');
  });
});

describe('deciding an access request', () => {
  const open = { id: 'req-1', status: 'OPEN', maxAccessDays: 30 } as const;
  const accept = (over: Partial<Extract<AccessRequestDecision, { kind: 'accept' }>> = {}): AccessRequestDecision => ({
    kind: 'accept',
    roleIds: ['r1'],
    accountAccessIds: [],
    ...over,
  });

  it("accepts with a role, and with an end date within the application's longest access", async () => {
    const { port, calls } = recordingPort();
    await expect(decideAccessRequest(port, open, accept({ endDate: '2026-12-01' }), '2026-11-26')).resolves.toEqual({
      kind: 'done',
      value: accept({ endDate: '2026-12-01' }),
    });
    expect(calls).toEqual([['decide', 'req-1', accept({ endDate: '2026-12-01' })]]);
  });

  it('refuses an accept without a role, or with an end date not after today or too late; nothing is written', async () => {
    const { port, calls } = recordingPort();
    await expect(decideAccessRequest(port, open, accept({ roleIds: [] }), '2026-11-26')).resolves.toEqual({
      kind: 'invalid',
      issues: { roleIds: { code: 'validations.roleRequired' } },
    });
    await expect(decideAccessRequest(port, open, accept({ endDate: '2026-11-26' }), '2026-11-26')).resolves.toEqual({
      kind: 'invalid',
      issues: { endDate: { code: 'validations.dateNotFuture' } },
    });
    await expect(
      decideAccessRequest(port, open, accept({ endDate: '2027-06-01' }), '2026-11-26'),
    ).resolves.toMatchObject({ kind: 'invalid', issues: { endDate: { code: 'validations.dateTooLate' } } });
    expect(calls).toEqual([]);
  });

  it('denies with a reason; a denial without one is refused', async () => {
    const { port, calls } = recordingPort();
    await expect(decideAccessRequest(port, open, { kind: 'deny', reason: '  ' }, '2026-11-26')).resolves.toEqual({
      kind: 'invalid',
      issues: { reason: { code: 'validations.required' } },
    });
    await expect(decideAccessRequest(port, open, { kind: 'deny' }, '2026-11-26')).resolves.toMatchObject({
      kind: 'invalid',
    });
    await decideAccessRequest(port, open, { kind: 'deny', reason: 'Kein Bedarf' }, '2026-11-26');
    expect(calls).toEqual([['decide', 'req-1', { kind: 'deny', reason: 'Kein Bedarf' }]]);
  });

  it('does not decide a request that is no longer open', async () => {
    const { port, calls } = recordingPort();
    for (const status of ['ACCEPTED', 'DENIED', 'CANCELLED', 'EXPIRED'] as const) {
      await expect(decideAccessRequest(port, { ...open, status }, accept(), '2026-11-26')).resolves.toEqual({
        kind: 'notOpen',
      });
    }
    expect(calls).toEqual([]);
  });
});

describe('granting and removing access', () => {
  it('grants with at least one role (#17.16)', async () => {
    const { port, calls } = recordingPort();
    const access = { roleIds: ['r1'], accountAccessIds: ['g1'] };
    await expect(grantAccess(port, 'planner', 'u1', access)).resolves.toEqual({
      kind: 'done',
      value: { granted: access },
    });
    await expect(grantAccess(port, 'planner', 'u1', { roleIds: [], accountAccessIds: ['g1'] })).resolves.toEqual({
      kind: 'invalid',
      issues: { roleIds: { code: 'validations.roleRequired' } },
    });
    expect(calls).toEqual([['grant', 'planner', 'u1', access]]);
  });

  it("sets, extends or removes the last day within the application's rules (#30.2), on endsAt", async () => {
    const { port, calls } = recordingPort();
    const access = { roleIds: ['r1'] };
    const rules = { today: '2026-05-01', timeBoundAccess: true, maxDays: 30 };
    await expect(
      grantAccess(port, 'planner', 'u1', access, { ...rules, endDate: '2026-05-30' }),
    ).resolves.toMatchObject({
      kind: 'done',
    });
    await expect(grantAccess(port, 'planner', 'u1', access, { ...rules, endDate: '' })).resolves.toMatchObject({
      kind: 'done',
    });
    await expect(grantAccess(port, 'planner', 'u1', access, { ...rules, endDate: '2026-05-31' })).resolves.toEqual({
      kind: 'invalid',
      issues: { endsAt: { code: 'validations.dateTooLate', params: { max: '2026-05-30' } } },
    });
    await expect(grantAccess(port, 'planner', 'u1', access, { ...rules, endDate: '2026-05-01' })).resolves.toEqual({
      kind: 'invalid',
      issues: { endsAt: { code: 'validations.dateNotFuture' } },
    });
    // An application without time-bound access takes no end (removing one stays possible).
    const open = { today: '2026-05-01', timeBoundAccess: false };
    await expect(grantAccess(port, 'planner', 'u1', access, { ...open, endDate: '2026-05-10' })).resolves.toEqual({
      kind: 'invalid',
      issues: { endsAt: { code: 'validations.notEditable' } },
    });
    await expect(grantAccess(port, 'planner', 'u1', access, { ...open, endDate: '' })).resolves.toMatchObject({
      kind: 'done',
    });
    expect(calls).toHaveLength(3);
  });

  it('removes an access as its own action', async () => {
    const { port, calls } = recordingPort();
    await expect(removeAccess(port, 'planner', 'u1')).resolves.toEqual({ kind: 'done', value: undefined });
    expect(calls).toEqual([['remove', 'planner', 'u1']]);
  });
});
