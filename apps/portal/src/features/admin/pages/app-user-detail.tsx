// /admin/{application}/users/{id}: a user's access to one application: attributes, roles,
// account accesses, access since, why the access (#19.6, app-user-reasons.tsx); saved with PUT through core's grantAccess (at least one role,
// validateApplicationUserRoles, #17.16), removed with DELETE (core's removeAccess) after its own confirmation.
// Unticking every role is refused beside the roles; taking the access away is "Zugriff
// entziehen", whose toast says the access was removed (the account stays). The last day of a
// time-bound access (#30.2) is set, extended or removed here (core's rule, PUT endsAt).
import { useMemo, useState } from 'react';
import {
  grantAccess,
  latestEndDate,
  removeAccess,
  validateAccessEnd,
  validateApplicationUserRoles,
  type AccessEndChange,
} from '@portal/core';
import { useParams } from 'wouter';
import { daysUntilLocalDay, endsAtOfLastDay, lastDayOfEndsAt, localToday } from '@portal/adapters';
import { ReadOnlyField, ReadOnlyGroup } from '@portal/ui';
import type { ApplicationUser, ApplicationUserInput } from '@portal/adapters/admin';
import { useServerData } from '../../../app/server-data.ts';
import { AttributeFields, validateAll } from '../../shared/attribute-fields.tsx';
import { useDayFormat } from '../../shared/day-format.ts';
import { useAdmin } from '../admin-context.tsx';
import { adminPort, doneOrThrow } from '../lib/admin-port.ts';
import { DeleteAction, DetailHeader, DetailLayout } from '../components/detail-page/layout.tsx';
import { FormFrame, Grid, Section, useErrorText, useFormState } from '../components/form-kit.tsx';
import type { FieldError, FieldErrors } from '../lib/form.ts';
import { PageFailure, PageSkeleton } from '../components/page-state.tsx';
import { AccessChecklists } from '../components/selection.tsx';
import { adminLinks } from '../lib/links.ts';
import { AccessEnd } from './app-user-access-end.tsx';
import { AccessReasonsSection } from './app-user-reasons.tsx';
import { useAdminT, useFormatDate, useUiT } from '../lib/i18n.ts';

interface Values {
  readonly roleIds: readonly string[];
  readonly accountAccessIds: readonly string[];
  readonly attributes: Readonly<Record<string, string>>;
  /** The last day of access (ISO day; '' no end, #30.2). */
  readonly endDate: string;
}

/** The last day of a stored end ('' none). */
const endDateOf = (user: ApplicationUser): string => (user.endsAt === null ? '' : lastDayOfEndsAt(user.endsAt));

function appUserValues(user: ApplicationUser): Values {
  return {
    roleIds: user.roles.map((role) => role.id),
    accountAccessIds: user.accountAccesses.map((group) => group.id),
    attributes: Object.fromEntries(user.attributes.map((attribute) => [attribute.key, attribute.value ?? ''])),
    endDate: endDateOf(user),
  };
}

/**
 * A changed last day as core checks it (#30.2): against today and what the application allows now
 * (time-bound, at most its maximum ahead); undefined when the end stays as it is.
 */
export function endChangeOf(
  user: ApplicationUser,
  values: Values,
  now: Date = new Date(),
): AccessEndChange | undefined {
  if (values.endDate === endDateOf(user)) return undefined;
  return {
    endDate: values.endDate,
    today: localToday(now),
    timeBoundAccess: user.timeBoundAccess,
    ...(user.maxEndsAt === null ? {} : { maxDays: daysUntilLocalDay(user.maxEndsAt, now) }),
  };
}

export function appUserInput(user: ApplicationUser, values: Values): ApplicationUserInput {
  const endChanged = values.endDate !== endDateOf(user);
  return {
    // The end only when it changed (omitted keeps it): '' removes it, a day ends at the midnight after it.
    ...(endChanged ? { endsAt: values.endDate === '' ? null : endsAtOfLastDay(values.endDate) } : {}),
    roleIds: [...values.roleIds],
    accountAccessIds: [...values.accountAccessIds],
    attributes: user.attributes
      .filter((attribute) => attribute.editable && (values.attributes[attribute.key] ?? '') !== (attribute.value ?? ''))
      .map((attribute) => {
        const value = (values.attributes[attribute.key] ?? '').trim();
        return { key: attribute.key, value: value === '' ? null : value };
      }),
  };
}

/** The form's own rules before a save: at least one role (#17.16), a changed last day (#30.2), then the attribute fields. */
function appUserErrors(user: ApplicationUser, fields: Parameters<typeof validateAll>[0], values: Values): FieldErrors {
  const errors: Record<string, FieldError> = {};
  const roles = validateApplicationUserRoles(values.roleIds);
  if (roles !== undefined) errors['roleIds'] = roles;
  const end = endChangeOf(user, values);
  const ends = end === undefined ? undefined : validateAccessEnd(end.endDate, end);
  if (ends !== undefined) errors['endsAt'] = ends;
  for (const [key, issue] of Object.entries(validateAll(fields, values.attributes))) {
    if (issue !== undefined) errors[`attributes.${key}`] = issue;
  }
  return errors;
}

export default function AppUserDetailPage() {
  const { application = '', id = '' } = useParams<{ application: string; id: string }>();
  const { api } = useAdmin();
  const state = useServerData(['admin', 'applicationUser', application, id], () =>
    api.getApplicationUser(application, id),
  );
  if (state.status === 'failed') return <PageFailure error={state.error} />;
  if (state.status === 'loading') return <PageSkeleton />;
  return <AppUserForm key={`${application}/${id}`} application={application} user={state.data} />;
}

export function AppUserForm({
  application,
  user: initial,
}: {
  readonly application: string;
  readonly user: ApplicationUser;
}) {
  const t = useAdminT();
  const tu = useUiT();
  const days = useDayFormat();
  // The user's access as last loaded or saved: granting shows "Zugriff entziehen" and the date at once.
  const [loaded, setLoaded] = useState(initial);
  const date = useFormatDate();
  const errorText = useErrorText();
  const { api, administrable } = useAdmin();
  const port = useMemo(() => adminPort(api), [api]);
  const form = useFormState(appUserValues(initial));
  const { values, errors } = form;
  const user = loaded.user;
  const name = user.fullName === '' ? user.email : user.fullName;
  const appLabel = administrable.items.find((item) => item.id === application)?.label ?? application;
  const fields = loaded.attributes.map((attribute) => ({ ...attribute }));
  const attributeErrors: Record<string, string> = {};
  for (const attribute of loaded.attributes) {
    const message = errorText(errors[`attributes.${attribute.key}`]);
    if (message !== undefined) attributeErrors[attribute.key] = message;
  }
  // The latest last day the application allows now (none: no maximum).
  const latest =
    loaded.maxEndsAt === null ? undefined : latestEndDate(localToday(), daysUntilLocalDay(loaded.maxEndsAt));
  const endsAtIssue = errors.endsAt;
  const endsAtError =
    endsAtIssue !== undefined && 'code' in endsAtIssue && endsAtIssue.code === 'validations.dateTooLate'
      ? tu('validations.dateTooLate', { max: latest === undefined ? '' : days.day(latest) })
      : errorText(endsAtIssue);
  const submit = async () => {
    const invalid = appUserErrors(loaded, fields, values);
    if (Object.keys(invalid).length > 0) {
      form.setErrors(invalid);
      return;
    }
    await form.save(
      () =>
        grantAccess(port, application, user.id, appUserInput(loaded, values), endChangeOf(loaded, values)).then(
          doneOrThrow,
        ),
      (saved) => {
        setLoaded(saved);
        return appUserValues(saved);
      },
    );
  };
  return (
    <DetailLayout>
      <DetailHeader title={name} subTitle={appLabel} backLink={adminLinks.applicationUsers(application)} />
      <FormFrame
        onSubmit={() => void submit()}
        dirty={form.dirty}
        busy={form.busy}
        canSave
        extraActions={
          loaded.hasAccess ? (
            <DeleteAction
              name={name}
              label={t('appUsers.remove')}
              title={t('appUsers.removeTitle', { name })}
              message={t('appUsers.removeMessage', { name, application: appLabel })}
              doneText={t('appUsers.removed', { name, application: appLabel })}
              onDelete={() => removeAccess(port, application, user.id)}
              afterHref={adminLinks.applicationUsers(application)}
            />
          ) : undefined
        }
      >
        <Section title={t('appUsers.sections.person')}>
          <ReadOnlyGroup>
            <Grid>
              <ReadOnlyField label={t('users.fields.fullName')} value={user.fullName} />
              <ReadOnlyField label={t('users.fields.email')} value={user.email} />
              <ReadOnlyField label={t('users.fields.companyName')} value={user.companyName ?? ''} />
              <ReadOnlyField
                label={t('users.fields.accessSince')}
                value={loaded.hasAccess ? date(loaded.accessSince) : t('appUsers.noAccess')}
              />
            </Grid>
          </ReadOnlyGroup>
        </Section>
        <Section title={t('appUsers.sections.access')}>
          <AccessChecklists
            application={application}
            choice={values}
            known={{ roleIds: loaded.roles, accountAccessIds: loaded.accountAccesses }}
            errors={{ roleIds: errorText(errors.roleIds), accountAccessIds: errorText(errors.accountAccessIds) }}
            onChange={(field, ids) => form.set(field, ids)}
            afterRoles={
              errors.roleIds !== undefined &&
              loaded.hasAccess && <p className="text-sm text-fg-muted">{t('appUsers.noRoleHint')}</p>
            }
          />
          {/* The last day (#30.2): where the application grants time-bound access, or to remove an end it has. */}
          {(loaded.timeBoundAccess || values.endDate !== '' || loaded.endsAt !== null) && (
            <AccessEnd
              value={values.endDate}
              latest={latest}
              timeBound={loaded.timeBoundAccess}
              stored={loaded.endsAt === null ? undefined : days.lastDay(loaded.endsAt)}
              error={endsAtError}
              onChange={(endDate) => form.set('endDate', endDate)}
            />
          )}
        </Section>
        {/* Why this access (#19.6), read again after each save of the access. */}
        <AccessReasonsSection
          application={application}
          userId={user.id}
          version={[
            loaded.accessSince,
            ...loaded.roles.map((role) => role.id),
            '|',
            ...loaded.accountAccesses.map((group) => group.id),
          ].join(',')}
        />
        <Section title={t('appUsers.sections.attributes')}>
          {fields.length === 0 ? (
            <p className="text-sm text-fg-muted">{t('appUsers.noAttributes')}</p>
          ) : (
            <AttributeFields
              fields={fields}
              values={values.attributes}
              errors={attributeErrors}
              onChange={(key, value) =>
                form.update((v) => ({ ...v, attributes: { ...v.attributes, [key]: value } }), `attributes.${key}`)
              }
            />
          )}
        </Section>
      </FormFrame>
    </DetailLayout>
  );
}
