// A user of the directory shows where they sign in (ADR 0029): a standard provider's user name
// (LemonLDAP::NG's `dwho`) is not the user's id, so the page names it and the provider's issuer;
// a user the directory did not create on a call of theirs (seeded, imported) shows neither.
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { UserDetail } from '@portal/adapters/admin';
import { createI18n } from '../../../i18n/i18n.ts';
import { AdminPageFrame } from '../test-kit.tsx';
import { UserView } from './user-detail.tsx';

const dwho: UserDetail = {
  id: '6c1d3c55-9d61-5a39-8a4f-0f2f1fcb2f7e',
  fullName: 'Doctor Who',
  firstName: 'Doctor',
  lastName: 'Who',
  email: 'dwho@badwolf.org',
  companyName: null,
  address: null,
  internal: false,
  language: 'de',
  createdAt: '2026-11-28T08:00:00.000Z',
  signIn: { issuer: 'http://127.0.0.1:4160', subject: 'dwho' },
  applications: [],
};

beforeAll(async () => {
  const i18n = await createI18n('de');
  await i18n.loadNamespaces(['admin', 'common', 'ui']);
});
afterEach(cleanup);

const show = (user: UserDetail) =>
  render(
    <AdminPageFrame api={{}} writable={false}>
      <UserView user={user} />
    </AdminPageFrame>,
  );

describe('where a user signs in (ADR 0029)', () => {
  it('names their subject at the provider and the provider', () => {
    show(dwho);
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Kennung beim Anbieter' }).value).toBe('dwho');
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Identitätsanbieter' }).value).toBe(
      'http://127.0.0.1:4160',
    );
  });

  it('shows neither for a user without them', () => {
    show({ ...dwho, signIn: null });
    expect(screen.getByRole('textbox', { name: 'Vorname' })).toBeDefined();
    expect(screen.queryByRole('textbox', { name: 'Kennung beim Anbieter' })).toBeNull();
    expect(screen.queryByRole('textbox', { name: 'Identitätsanbieter' })).toBeNull();
  });
});
