import { describe, expect, it, vi } from 'vitest';
import { grantAccess, removeAccess, saveApplication } from '@portal/core';
import type { AdminApi, ApplicationInput, ApplicationUserInput } from '@portal/adapters/admin';
import { adminPort, AdminRuleError, doneOrThrow, savingApplicationsThroughCore } from './admin-port.ts';

function fakeApi() {
  return {
    applications: {
      create: vi.fn(async (input: ApplicationInput) => ({ id: 'new', ...input })),
      update: vi.fn(async (id: string, input: ApplicationInput) => ({ id, ...input })),
    },
    decideAccessRequest: vi.fn(async () => ({})),
    updateApplicationUser: vi.fn(async (_application: string, _user: string, input: ApplicationUserInput) => ({
      roles: input.roleIds,
    })),
    removeApplicationUser: vi.fn(async () => undefined),
  };
}

describe('the admin port over the admin API', () => {
  it("saves an application with core's rules applied: an internal one is not requestable", async () => {
    const api = fakeApi();
    const port = adminPort(api as unknown as AdminApi);
    const input = {
      label: 'Planer',
      url: 'https://planner.example.test',
      internal: true,
      accessRequestAllowed: true,
    } as ApplicationInput;
    await saveApplication(port, 'planner', input);
    expect(api.applications.update).toHaveBeenCalledWith('planner', { ...input, accessRequestAllowed: false });
    await saveApplication(port, undefined, { ...input, internal: false });
    expect(api.applications.create).toHaveBeenCalledWith({ ...input, internal: false, accessRequestAllowed: true });
  });

  it("grants with the user's input and answers what the API saved; removes with DELETE", async () => {
    const api = fakeApi();
    const port = adminPort(api as unknown as AdminApi);
    const access = { roleIds: ['r1'], accountAccessIds: [], attributes: [] };
    expect(doneOrThrow(await grantAccess(port, 'planner', 'u1', access))).toEqual({ roles: ['r1'] });
    expect(api.updateApplicationUser).toHaveBeenCalledWith('planner', 'u1', access);
    await removeAccess(port, 'planner', 'u1');
    expect(api.removeApplicationUser).toHaveBeenCalledWith('planner', 'u1');
  });

  it('a refusal of the rules is thrown with its issues, and nothing is written', async () => {
    const api = fakeApi();
    const outcome = await grantAccess(adminPort(api as unknown as AdminApi), 'planner', 'u1', {
      roleIds: [],
      accountAccessIds: [],
      attributes: [],
    });
    expect(() => doneOrThrow(outcome)).toThrow(AdminRuleError);
    expect(api.updateApplicationUser).not.toHaveBeenCalled();
  });

  it("saves an application's create and update through core's use case: rules first, then the API", async () => {
    const api = fakeApi();
    const through = savingApplicationsThroughCore(api as unknown as AdminApi);
    const input = {
      label: 'Planer',
      url: 'https://planner.example.test',
      internal: true,
      accessRequestAllowed: true,
      activationGroups: [{ directoryGroupName: ' Planer ', roleIds: [], accountAccessIds: [] }],
    } as unknown as ApplicationInput;
    const written = {
      ...input,
      accessRequestAllowed: false,
      activationGroups: [{ directoryGroupName: 'Planer', roleIds: [], accountAccessIds: [] }],
    };
    await expect(through.applications.update('planner', input)).resolves.toEqual({ id: 'planner', ...written });
    expect(api.applications.update).toHaveBeenCalledExactlyOnceWith('planner', written);
    await through.applications.create(input);
    expect(api.applications.create).toHaveBeenCalledExactlyOnceWith(written);
    // A refusal writes nothing.
    const unnamed = { ...input, activationGroups: [{ directoryGroupName: ' ', roleIds: [], accountAccessIds: [] }] };
    await expect(through.applications.update('planner', unnamed)).rejects.toThrow(AdminRuleError);
    expect(api.applications.update).toHaveBeenCalledTimes(1);
  });
});
