// The application's internal activation groups (spec §3): per directory group name the roles and account accesses
// it gives (#17.2: the names a tag input, each once, trimmed and case-insensitive).
import { Fragment } from 'react';
import { TagInput } from '@portal/ui';
import { Section, useErrorText, type FormState } from '../components/form-kit.tsx';
import { RefList } from '../components/pickers.tsx';
import {
  activationGroupsForNames,
  isAllowedDirectoryGroupName,
  listError,
  withoutListErrors,
  type ApplicationValues,
} from '../lib/application-form.ts';
import { useAdminT } from '../lib/i18n.ts';

type Form = FormState<ApplicationValues>;

/** The two lists of an activation group: the roles and the account accesses it gives. */
const groupRefs = [
  { field: 'roleIds', kind: 'roles', label: 'applications.fields.activationRoles', add: 'applications.addRole' },
  {
    field: 'accountAccessIds',
    kind: 'accountAccesses',
    label: 'applications.fields.activationAccountAccesses',
    add: 'applications.add.accountAccesses',
  },
] as const;

export function ActivationGroups({ form, writable }: { readonly form: Form; readonly writable: boolean }) {
  const t = useAdminT();
  const errorText = useErrorText();
  const groups = form.values.activationGroups;
  const change = (index: number, change: Partial<ApplicationValues['activationGroups'][number]>) =>
    form.update((v) => ({
      ...v,
      activationGroups: v.activationGroups.map((g, i) => (i === index ? { ...g, ...change } : g)),
    }));
  return (
    <Section title={t('applications.sections.activationGroups')} description={t('applications.help.activationGroups')}>
      {/* The directory group names are a tag input (spec §2): each name once, case-insensitive; a group per name. Names may hold commas (distinguished names). */}
      <TagInput
        label={t('applications.fields.directoryGroupNames')}
        help={t('applications.help.directoryGroupNames')}
        addOnComma={false}
        value={groups.map((group) => group.directoryGroupName)}
        validate={isAllowedDirectoryGroupName}
        disabled={!writable}
        error={errorText(listError(form.errors, 'activationGroups', '.directoryGroupName'))}
        onChange={(names) => {
          form.update((v) => ({ ...v, activationGroups: activationGroupsForNames(v.activationGroups, names) }));
          form.setErrors(withoutListErrors(form.errors, 'activationGroups'));
        }}
      />
      {groups.map((group, index) => (
        <fieldset
          key={`${group.directoryGroupName}-${index}`}
          className="flex flex-col gap-3 rounded-lg border border-line p-3"
        >
          <legend className="px-1 text-sm font-medium text-fg">
            {t('applications.activationGroupOf', { name: group.directoryGroupName })}
          </legend>
          {groupRefs.map(({ field, kind, label, add }) => (
            <Fragment key={field}>
              <span className="text-sm font-medium text-fg">{t(label)}</span>
              <RefList
                kind={kind}
                label={t(label)}
                emptyText={t('applications.noneLinked')}
                addLabel={t(add)}
                ids={group[field]}
                writable={writable}
                onChange={(ids) => change(index, { [field]: ids })}
              />
            </Fragment>
          ))}
        </fieldset>
      ))}
    </Section>
  );
}
