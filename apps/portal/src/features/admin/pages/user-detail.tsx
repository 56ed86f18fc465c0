// A user of the directory (global; all_users.read): every field, where they sign in (the
// provider's issuer and their subject there: a user name such as LemonLDAP::NG's is not their
// id, ADR 0029), the applications with roles, account accesses and access since; delete after
// confirmation (all_users.write).
import { useParams } from 'wouter';
import { ReadOnlyField, ReadOnlyGroup, UiLink } from '@portal/ui';
import type { UserDetail } from '@portal/adapters/admin';
import { useAdmin } from '../admin-context.tsx';
import { DeleteAction, DetailHeader, DetailLayout } from '../components/detail-page/layout.tsx';
import { Grid, Section } from '../components/form-kit.tsx';
import { PageFailure, PageSkeleton } from '../components/page-state.tsx';
import { useServerData } from '../../../app/server-data.ts';
import { adminLinks } from '../lib/links.ts';
import { useAdminT, useFormatDate } from '../lib/i18n.ts';
import { useTranslation } from 'react-i18next';

export default function UserDetailPage() {
  const { id = '' } = useParams<{ id: string }>();
  const { api } = useAdmin();
  const state = useServerData(['admin', 'user', id], () => api.users.get(id));
  if (state.status === 'failed') return <PageFailure error={state.error} />;
  if (state.status === 'loading') return <PageSkeleton />;
  return <UserView user={state.data} />;
}

function addressText(address: UserDetail['address']): string {
  if (address === null) return '';
  const city = [address.postalCode, address.city].filter((part) => part !== undefined && part !== '').join(' ');
  return [address.street, city, address.country].filter((part) => part !== undefined && part !== '').join(', ');
}

export function UserView({ user }: { readonly user: UserDetail }) {
  const t = useAdminT();
  const { t: tc } = useTranslation('common');
  const date = useFormatDate();
  const { api, canWrite, administrable } = useAdmin();
  const name = user.fullName === '' ? user.email : user.fullName;
  return (
    <DetailLayout>
      <DetailHeader title={name} subTitle={user.email} backLink={adminLinks.list('users')} />
      <Section title={t('users.sections.person')}>
        <ReadOnlyGroup>
          <Grid>
            <ReadOnlyField label={t('users.fields.firstName')} value={user.firstName} />
            <ReadOnlyField label={t('users.fields.lastName')} value={user.lastName} />
            <ReadOnlyField label={t('users.fields.email')} value={user.email} />
            <ReadOnlyField label={t('users.fields.companyName')} value={user.companyName ?? ''} />
            <ReadOnlyField label={t('users.fields.address')} value={addressText(user.address)} />
            <ReadOnlyField label={t('users.fields.language')} value={tc(`languages.${user.language}`)} />
            <ReadOnlyField
              label={t('users.fields.internal')}
              value={user.internal ? t('common.yes') : t('common.no')}
            />
            <ReadOnlyField label={t('users.fields.createdAt')} value={date(user.createdAt)} />
            {user.signIn !== null && (
              <>
                <ReadOnlyField label={t('users.fields.signInSubject')} value={user.signIn.subject} />
                <ReadOnlyField label={t('users.fields.signInIssuer')} value={user.signIn.issuer} />
              </>
            )}
          </Grid>
        </ReadOnlyGroup>
      </Section>
      <Section title={t('users.sections.applications')}>
        {user.applications.length === 0 ? (
          <p className="text-sm text-fg-muted">{t('users.noApplications')}</p>
        ) : (
          <ul className="flex flex-col gap-3">
            {user.applications.map((app) => {
              const administered = administrable.items.some((item) => item.id === app.id);
              return (
                <li key={app.id} className="rounded-lg border border-line p-3 text-sm">
                  <h3 className="font-medium text-fg">
                    {administered ? (
                      <UiLink
                        href={adminLinks.applicationUser(app.id, user.id)}
                        className="text-accent hover:underline"
                      >
                        {app.label}
                      </UiLink>
                    ) : (
                      app.label
                    )}
                  </h3>
                  <dl className="mt-2 grid grid-cols-1 gap-x-6 gap-y-1 sm:grid-cols-[auto_1fr]">
                    <dt className="text-fg-muted">{t('users.fields.accessSince')}</dt>
                    <dd>{date(app.accessSince)}</dd>
                    <dt className="text-fg-muted">{t('users.fields.roles')}</dt>
                    <dd>{app.roles.length === 0 ? '–' : app.roles.map((role) => role.label).join(', ')}</dd>
                    <dt className="text-fg-muted">{t('users.fields.accountAccesses')}</dt>
                    <dd>
                      {app.accountAccesses.length === 0
                        ? '–'
                        : app.accountAccesses.map((group) => group.label).join(', ')}
                    </dd>
                  </dl>
                </li>
              );
            })}
          </ul>
        )}
      </Section>
      {canWrite('users') && (
        <div className="flex justify-end">
          <DeleteAction
            name={name}
            onDelete={() => api.users.remove(user.id)}
            usage={{ subject: 'users', load: () => api.users.usage(user.id) }}
            afterHref={adminLinks.list('users')}
          />
        </div>
      )}
    </DetailLayout>
  );
}
