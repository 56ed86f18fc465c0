// "Why this access" (#19.6) on a user's page for an application: the reasons of the access and of
// each role and account access, as the API reads them from its records
// (GET /Admin/Applications/{id}/Users/{userId}/AccessReasons): the kind as a phrase, who, when in
// the user's language, and a link to the accepted access request where the caller may open it.
import { UiLink } from '@portal/ui';
import type { AccessReason, ApplicationUserAccessReasons } from '@portal/adapters/admin';
import { useServerData } from '../../../app/server-data.ts';
import { useAdmin } from '../admin-context.tsx';
import { Section } from '../components/form-kit.tsx';
import { adminLinks } from '../lib/links.ts';
import { useAdminT, useFormatDate, type AdminT } from '../lib/i18n.ts';

/** The phrase of one reason's kind (the activation group by its directory group name). */
function reasonKindText(t: AdminT, reason: AccessReason): string {
  switch (reason.kind) {
    case 'DIRECT_GRANT':
      return t('appUsers.reasons.kinds.DIRECT_GRANT');
    case 'ACCESS_REQUEST':
      return t('appUsers.reasons.kinds.ACCESS_REQUEST');
    case 'ACTIVATION_GROUP':
      return t('appUsers.reasons.kinds.ACTIVATION_GROUP', { group: reason.directoryGroupName ?? '' });
    case 'DEFAULT_ROLE':
      return t('appUsers.reasons.kinds.DEFAULT_ROLE');
    case 'UNKNOWN':
      return t('appUsers.reasons.kinds.UNKNOWN');
  }
}

function ReasonText({ application, reason }: { readonly application: string; readonly reason: AccessReason }) {
  const t = useAdminT();
  const date = useFormatDate();
  const { administrable } = useAdmin();
  // The request's page is for those who manage the application's requests (the route's access).
  const opensRequests =
    administrable.items.find((item) => item.id === application)?.permissions.manageAccessRequests === true;
  const parts = [reasonKindText(t, reason)];
  if (reason.by !== null) parts.push(t('appUsers.reasons.by', { name: reason.by.fullName ?? reason.by.id }));
  if (reason.at !== null) parts.push(t('appUsers.reasons.at', { date: date(reason.at, true) }));
  return (
    <span>
      {parts.join(' ')}
      {reason.accessRequestId !== null && opensRequests && (
        <>
          {' '}
          (
          <UiLink
            href={adminLinks.accessRequest(application, reason.accessRequestId)}
            className="text-primary underline"
          >
            {t('appUsers.reasons.openRequest')}
          </UiLink>
          )
        </>
      )}
    </span>
  );
}

function Reasons({
  application,
  reasons,
}: {
  readonly application: string;
  readonly reasons: readonly AccessReason[];
}) {
  return reasons.length === 1 && reasons[0] !== undefined ? (
    <ReasonText application={application} reason={reasons[0]} />
  ) : (
    <ul className="list-disc pl-5">
      {reasons.map((reason, index) => (
        <li key={index}>
          <ReasonText application={application} reason={reason} />
        </li>
      ))}
    </ul>
  );
}

function AccessReasonsView({
  application,
  data,
}: {
  readonly application: string;
  readonly data: ApplicationUserAccessReasons;
}) {
  const t = useAdminT();
  if (!data.hasAccess) return <p className="text-sm text-fg-muted">{t('appUsers.reasons.none')}</p>;
  const groups = [
    { title: t('users.fields.roles'), items: data.roles },
    { title: t('users.fields.accountAccesses'), items: data.accountAccesses },
  ].filter((group) => group.items.length > 0);
  return (
    <dl className="flex flex-col gap-3 text-sm">
      <div>
        <dt className="font-medium text-fg">{t('appUsers.reasons.access')}</dt>
        <dd className="text-fg-muted">
          <Reasons application={application} reasons={data.reasons} />
        </dd>
      </div>
      {groups.map((group) => (
        <div key={group.title}>
          <dt className="font-medium text-fg">{group.title}</dt>
          <dd>
            <ul className="flex flex-col gap-1">
              {group.items.map((item) => (
                <li key={item.ref.id} className="text-fg-muted">
                  <span className="text-fg">{item.ref.label}</span>:{' '}
                  <Reasons application={application} reasons={item.reasons} />
                </li>
              ))}
            </ul>
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** The section, read again whenever `version` (the access as last loaded or saved) changes. */
export function AccessReasonsSection({
  application,
  userId,
  version,
}: {
  readonly application: string;
  readonly userId: string;
  readonly version: string;
}) {
  const t = useAdminT();
  const { api } = useAdmin();
  const state = useServerData(['admin', 'applicationUserReasons', application, userId, version], () =>
    api.getApplicationUserAccessReasons(application, userId),
  );
  return (
    <Section title={t('appUsers.reasons.title')} description={t('appUsers.reasons.description')}>
      {state.data !== undefined ? (
        <AccessReasonsView application={application} data={state.data} />
      ) : state.status === 'failed' ? (
        <p role="alert" className="text-sm text-danger">
          {t('appUsers.reasons.failed')}{' '}
          <button type="button" className="underline" onClick={state.reload}>
            {t('form.retry')}
          </button>
        </p>
      ) : (
        <p aria-busy="true" className="text-sm text-fg-muted">
          {t('appUsers.reasons.loading')}
        </p>
      )}
    </Section>
  );
}
