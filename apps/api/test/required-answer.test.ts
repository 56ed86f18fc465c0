// #30.1: a Yes/No attribute may require one answer ("Nutzungsbedingungen akzeptiert" must be Yes).
// Every write of a user's value refuses the other answer (400 attribute.requiredAnswer on the
// value, in the caller's language, nothing stored); the gate and the custom flow count a stored
// other answer as not given; only a Yes/No attribute may require an answer.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apps, attributes, users } from '../src/db/seed/ids.ts';
import { claimsOf } from '../src/services/access.ts';
import { harness, token } from './harness.ts';
import type { Harness } from './harness.ts';

interface ErrorBody {
  error: { code: string; message: string; errors: { field?: string; message: string }[] };
}

let h: Harness;
let admin = '';
let partner = '';
let customer = '';

beforeAll(async () => {
  h = await harness();
  admin = await token({
    sub: users.globalAdmin,
    permissions: (await claimsOf(h.db, users.globalAdmin)).hkData.permissions,
  });
  partner = await token({ sub: users.partner });
  customer = await token({ sub: users.customer });
});
afterAll(async () => {
  await h.close();
});

const valueOf = async (userId: string, attributeId: string) =>
  (
    await h.db
      .selectFrom('user_attribute_values')
      .select('value')
      .where('user_id', '=', userId)
      .where('attribute_id', '=', attributeId)
      .executeTakeFirst()
  )?.value;

const gate = async (who: string, clientId: string) =>
  (await (await h.request('GET', `/AuthCheck?clientId=${clientId}`, { token: who })).json()) as {
    status: string;
    customFlow?: { key: string };
    missingAttributes?: { key: string; requiredValue: string | null }[];
  };

const termsInput = async (requiredValue: string | null) => {
  const now = (await (await h.request('GET', `/Attributes/${attributes.termsAccepted}`, { token: admin })).json()) as {
    key: string;
    label: string;
    dataType: string;
    editableByUser: boolean;
    editableByOthers: boolean;
  };
  return {
    key: now.key,
    label: now.label,
    dataType: now.dataType,
    editableByUser: now.editableByUser,
    editableByOthers: now.editableByOthers,
    requiredValue,
  };
};

describe('the service terms must be accepted (#30.1)', () => {
  it('the seeded attribute requires Yes, and the flow says so', async () => {
    const attribute = (await (
      await h.request('GET', `/Attributes/${attributes.termsAccepted}`, { token: admin })
    ).json()) as { requiredValue: string | null };
    expect(attribute.requiredValue).toBe('true');
    const flow = (await (await h.request('GET', '/CustomFlow/service-terms', { token: partner })).json()) as {
      completed: boolean;
      attributes: { key: string; requiredValue: string | null; value: string | null }[];
    };
    expect(flow.completed).toBe(false);
    expect(flow.attributes).toEqual([
      expect.objectContaining({ key: 'termsAccepted', requiredValue: 'true', value: null }),
    ]);
  });

  it("refuses the answer No in the caller's language and stores nothing; the gate still asks", async () => {
    const r = await h.request('POST', '/CustomFlow/service-terms', {
      token: partner,
      body: { attributes: [{ key: 'termsAccepted', value: 'false' }] },
    });
    expect(r.status).toBe(400);
    const body = (await r.json()) as ErrorBody;
    expect(body.error.code).toBe('attribute.requiredAnswer');
    expect(body.error.errors).toEqual([
      { field: 'attributes.0.value', message: 'Diese Frage muss mit „Ja“ beantwortet werden.' },
    ]);
    expect(await valueOf(users.partner, attributes.termsAccepted)).toBeUndefined();
    expect(await gate(partner, apps.servicePortal)).toMatchObject({
      status: 'customFlow',
      customFlow: { key: 'service-terms' },
    });
    const en = await h.request('POST', '/CustomFlow/service-terms', {
      token: partner,
      body: { attributes: [{ key: 'termsAccepted', value: 'false' }] },
      headers: { lang: 'en' },
    });
    expect(((await en.json()) as ErrorBody).error.message).toBe('This question must be answered "Yes".');
  });

  it('takes Yes: the flow is complete and the gate lets the user in', async () => {
    const r = await h.request('POST', '/CustomFlow/service-terms', {
      token: partner,
      body: { attributes: [{ key: 'termsAccepted', value: 'true' }] },
    });
    expect(r.status).toBe(200);
    expect(((await r.json()) as { completed: boolean }).completed).toBe(true);
    expect(await gate(partner, apps.servicePortal)).toMatchObject({ status: 'ok' });
  });

  it('a stored answer that is not the required one counts as not given', async () => {
    // The customer accepted (true); the attribute now requires No: her answer no longer counts.
    const saved = await h.request('PUT', `/Attributes/${attributes.termsAccepted}`, {
      token: admin,
      body: await termsInput('false'),
    });
    expect(saved.status).toBe(200);
    expect(await valueOf(users.customer, attributes.termsAccepted)).toBe('true');
    expect(await gate(customer, apps.servicePortal)).toMatchObject({ status: 'customFlow' });
    const flow = (await (await h.request('GET', '/CustomFlow/service-terms', { token: customer })).json()) as {
      completed: boolean;
    };
    expect(flow.completed).toBe(false);
    // The change is in the attribute's history, old → new.
    const history = (await (
      await h.request('GET', `/Attributes/${attributes.termsAccepted}/History`, { token: admin })
    ).json()) as { items: { field: string | null; oldValue: string | null; value: string | null }[] };
    expect(history.items).toContainEqual(
      expect.objectContaining({ field: 'requiredValue', oldValue: 'true', value: 'false' }),
    );
    // Back to Yes: her answer counts again.
    await h.request('PUT', `/Attributes/${attributes.termsAccepted}`, { token: admin, body: await termsInput('true') });
    expect(await gate(customer, apps.servicePortal)).toMatchObject({ status: 'ok' });
  });

  it('clearing the value stays allowed (it is no answer, not a wrong one)', async () => {
    const r = await h.request('POST', '/CustomFlow/service-terms', {
      token: customer,
      body: { attributes: [{ key: 'termsAccepted', value: null }] },
    });
    expect(r.status).toBe(200);
    expect(((await r.json()) as { completed: boolean }).completed).toBe(false);
    await h.request('POST', '/CustomFlow/service-terms', {
      token: customer,
      body: { attributes: [{ key: 'termsAccepted', value: 'true' }] },
    });
  });
});

describe("an application's required Yes/No attribute, at the gate and in settings (#30.1)", () => {
  let consentId = '';

  beforeAll(async () => {
    const created = await h.request('POST', '/Attributes', {
      token: admin,
      body: {
        key: 'privacyConsent',
        label: 'Datenschutzhinweise gelesen',
        dataType: 'BOOLEAN',
        requiredValue: 'true',
        editableByUser: true,
        editableByOthers: false,
      },
    });
    expect(created.status).toBe(201);
    consentId = ((await created.json()) as { id: string; requiredValue: string }).id;
    await h.db
      .insertInto('application_attributes')
      .values({
        application_id: apps.servicePortal,
        attribute_id: consentId,
        output_in_token: false,
        required: true,
        visible: true,
        position: 10,
      })
      .execute();
  });

  it('the gate asks for it with its required answer and refuses No', async () => {
    const check = await gate(customer, apps.servicePortal);
    expect(check.status).toBe('missingAttributes');
    expect(check.missingAttributes).toEqual([
      expect.objectContaining({ key: 'privacyConsent', requiredValue: 'true' }),
    ]);
    const refused = await h.request('POST', '/AuthCheck', {
      token: customer,
      body: { clientId: apps.servicePortal, attributes: [{ key: 'privacyConsent', value: 'false' }] },
    });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as ErrorBody).error.errors).toEqual([
      expect.objectContaining({ field: 'attributes.0.value' }),
    ]);
    expect(await valueOf(users.customer, consentId)).toBeUndefined();
  });

  it('settings show the required answer and refuse No; Yes is saved', async () => {
    const detail = (await (
      await h.request('GET', `/My/Applications/${apps.servicePortal}`, { token: customer })
    ).json()) as { attributes: { key: string; requiredValue: string | null }[] };
    expect(detail.attributes).toContainEqual(expect.objectContaining({ key: 'privacyConsent', requiredValue: 'true' }));
    const refused = await h.request('PUT', '/My/Attributes', {
      token: customer,
      body: { applicationId: apps.servicePortal, attributes: [{ key: 'privacyConsent', value: 'false' }] },
    });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as ErrorBody).error.code).toBe('attribute.requiredAnswer');
    const saved = await h.request('PUT', '/My/Attributes', {
      token: customer,
      body: { applicationId: apps.servicePortal, attributes: [{ key: 'privacyConsent', value: 'true' }] },
    });
    expect(saved.status).toBe(200);
    expect(await gate(customer, apps.servicePortal)).toMatchObject({ status: 'ok' });
  });

  it('only a Yes/No attribute may require an answer; omitted keeps it while the type is Yes/No', async () => {
    const input = {
      key: 'privacyConsent',
      label: 'Datenschutzhinweise gelesen',
      editableByUser: true,
      editableByOthers: false,
    };
    const refused = await h.request('PUT', `/Attributes/${consentId}`, {
      token: admin,
      body: { ...input, dataType: 'STRING', requiredValue: 'true' },
    });
    expect(refused.status).toBe(400);
    const body = (await refused.json()) as ErrorBody;
    expect(body.error.code).toBe('attribute.requiredValueNotBoolean');
    expect(body.error.errors).toEqual([expect.objectContaining({ field: 'requiredValue' })]);
    const kept = await h.request('PUT', `/Attributes/${consentId}`, {
      token: admin,
      body: { ...input, dataType: 'BOOLEAN' },
    });
    expect(((await kept.json()) as { requiredValue: string | null }).requiredValue).toBe('true');
    const retyped = await h.request('PUT', `/Attributes/${consentId}`, {
      token: admin,
      body: { ...input, dataType: 'STRING' },
    });
    expect(retyped.status).toBe(200);
    expect(((await retyped.json()) as { requiredValue: string | null }).requiredValue).toBeNull();
  });
});
