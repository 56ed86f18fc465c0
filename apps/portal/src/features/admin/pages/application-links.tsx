// The application's links (spec §3): attributes (outputInToken, required, visible), roles
// (permission, visible, default), account-access groups, custom flows, internal activation
// groups (directory group name, roles, account accesses).
import type { ReactNode } from 'react';
import { TrashIcon } from '@heroicons/react/20/solid';
import { Button, Checkbox, TagInput } from '@portal/ui';
import type { AttributeLink, RoleLink } from '@portal/adapters/admin';
import { useLabels } from '../admin-context.tsx';
import { ChipList, RefPicker, Section, useErrorText, type FormState } from '../components/form-kit.tsx';
import { RefsSection, SingleRef, usePickerSearch } from '../components/pickers.tsx';
import {
  activationGroupsForNames,
  isAllowedDirectoryGroupName,
  listError,
  withoutListErrors,
  type ApplicationValues,
} from '../lib/application-form.ts';
import { useAdminT } from '../lib/i18n.ts';

type Form = FormState<ApplicationValues>;

const tableClasses = 'w-full border-collapse text-sm text-fg';
const thClasses = 'border-b border-line px-2 py-2 text-start font-semibold';
const tdClasses = 'border-b border-line px-2 py-2 align-middle';

function replaceAt<T>(list: readonly T[], index: number, item: T): readonly T[] {
  return list.map((existing, position) => (position === index ? item : existing));
}

const linkTexts = {
  attributes: { empty: 'applications.noAttributes', add: 'applications.addAttribute' },
  roles: { empty: 'applications.noRoles', add: 'applications.addRole' },
} as const;

/** A section of the application's links of one kind: the links (or that there are none), then a picker to add one. */
function LinksSection({
  kind,
  linkedIds,
  writable,
  onAdd,
  children,
}: {
  readonly kind: 'attributes' | 'roles';
  readonly linkedIds: readonly string[];
  readonly writable: boolean;
  readonly onAdd: (id: string) => void;
  readonly children: ReactNode;
}) {
  const t = useAdminT();
  const search = usePickerSearch(kind);
  return (
    <Section title={t(`applications.sections.${kind}`)} description={t(`applications.help.${kind}`)}>
      {linkedIds.length === 0 ? <p className="text-sm text-fg-muted">{t(linkTexts[kind].empty)}</p> : children}
      {writable && (
        <RefPicker
          label={t(linkTexts[kind].add)}
          search={search}
          excludeIds={linkedIds}
          onPick={(option) => onAdd(option.id)}
        />
      )}
    </Section>
  );
}

/** A new link to an attribute: in the token and visible, not required. */
const newAttributeLink = (attributeId: string): AttributeLink => ({
  attributeId,
  outputInToken: true,
  required: false,
  visible: true,
});
/** A new link to a role: visible, no permission, not given by default. */
const newRoleLink = (roleId: string): RoleLink => ({ roleId, permissionId: null, visible: true, default: false });

export function AttributeLinks({ form, writable }: { readonly form: Form; readonly writable: boolean }) {
  const t = useAdminT();
  const labels = useLabels('attributes');
  const links = form.values.attributes;
  const change = (index: number, link: AttributeLink) =>
    form.update((v) => ({ ...v, attributes: replaceAt(v.attributes, index, link) }));
  const flags = ['outputInToken', 'required', 'visible'] as const;
  return (
    <LinksSection
      kind="attributes"
      linkedIds={links.map((l) => l.attributeId)}
      writable={writable}
      onAdd={(id) => form.update((v) => ({ ...v, attributes: [...v.attributes, newAttributeLink(id)] }))}
    >
      <div className="overflow-x-auto">
        <table className={tableClasses}>
          <caption className="sr-only">{t('applications.sections.attributes')}</caption>
          <thead>
            <tr>
              <th scope="col" className={thClasses}>
                {t('applications.links.attribute')}
              </th>
              {flags.map((flag) => (
                <th key={flag} scope="col" className={thClasses}>
                  {t(`applications.links.${flag}`)}
                </th>
              ))}
              <th scope="col" className={thClasses}>
                <span className="sr-only">{t('applications.links.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {links.map((link, index) => {
              const name = labels.get(link.attributeId) ?? link.attributeId;
              return (
                <tr key={link.attributeId}>
                  <th scope="row" className={`${tdClasses} font-medium`}>
                    {name}
                  </th>
                  {flags.map((flag) => (
                    <td key={flag} className={tdClasses}>
                      <input
                        type="checkbox"
                        aria-label={t(`applications.links.${flag}For`, { name })}
                        checked={link[flag]}
                        onChange={(event) => change(index, { ...link, [flag]: event.target.checked })}
                        className="size-4 accent-accent"
                      />
                    </td>
                  ))}
                  <td className={`${tdClasses} text-end`}>
                    {writable && (
                      <Button
                        variant="ghost"
                        size="sm"
                        icon={<TrashIcon />}
                        aria-label={t('picker.remove', { name })}
                        onClick={() =>
                          form.update((v) => ({ ...v, attributes: v.attributes.filter((_, i) => i !== index) }))
                        }
                      />
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </LinksSection>
  );
}

export function RoleLinks({ form, writable }: { readonly form: Form; readonly writable: boolean }) {
  const t = useAdminT();
  const labels = useLabels('roles');
  const permissionLabels = useLabels('permissions');
  const searchPermissions = usePickerSearch('permissions');
  const links = form.values.roles;
  const change = (index: number, link: RoleLink) =>
    form.update((v) => ({ ...v, roles: replaceAt(v.roles, index, link) }));
  return (
    <LinksSection
      kind="roles"
      linkedIds={links.map((l) => l.roleId)}
      writable={writable}
      onAdd={(id) => form.update((v) => ({ ...v, roles: [...v.roles, newRoleLink(id)] }))}
    >
      <ul className="flex flex-col gap-3">
        {links.map((link, index) => {
          const name = labels.get(link.roleId) ?? link.roleId;
          return (
            <li key={link.roleId} className="flex flex-col gap-3 rounded-lg border border-line p-3">
              <div className="flex items-center justify-between gap-2">
                <h3 className="font-medium text-fg">{name}</h3>
                {writable && (
                  <Button
                    variant="ghost"
                    size="sm"
                    icon={<TrashIcon />}
                    aria-label={t('picker.remove', { name })}
                    onClick={() => form.update((v) => ({ ...v, roles: v.roles.filter((_, i) => i !== index) }))}
                  />
                )}
              </div>
              <div className="flex flex-wrap gap-6">
                <Checkbox
                  label={t('applications.links.visible')}
                  checked={link.visible}
                  onChange={(event) => change(index, { ...link, visible: event.target.checked })}
                />
                <Checkbox
                  label={t('applications.links.default')}
                  checked={link.default}
                  onChange={(event) => change(index, { ...link, default: event.target.checked })}
                />
              </div>
              <SingleRef
                label={t('applications.links.permission')}
                value={link.permissionId}
                labels={permissionLabels}
                search={searchPermissions}
                disabled={!writable}
                onChange={(permissionId) => change(index, { ...link, permissionId })}
              />
            </li>
          );
        })}
      </ul>
    </LinksSection>
  );
}

export function IdLinks({
  form,
  writable,
  field,
}: {
  readonly form: Form;
  readonly writable: boolean;
  readonly field: 'accountAccessIds' | 'customFlowIds';
}) {
  const t = useAdminT();
  const kind = field === 'accountAccessIds' ? 'accountAccesses' : 'customFlows';
  return (
    <RefsSection
      kind={kind}
      title={t(`applications.sections.${kind}`)}
      description={t(`applications.help.${kind}`)}
      emptyText={t('applications.noneLinked')}
      addLabel={t(`applications.add.${kind}`)}
      ids={form.values[field]}
      writable={writable}
      onChange={(ids) => form.update((v) => ({ ...v, [field]: ids }))}
    />
  );
}

export function ActivationGroups({ form, writable }: { readonly form: Form; readonly writable: boolean }) {
  const t = useAdminT();
  const errorText = useErrorText();
  const roleLabels = useLabels('roles');
  const groupLabels = useLabels('accountAccesses');
  const searchRoles = usePickerSearch('roles');
  const searchGroups = usePickerSearch('accountAccesses');
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
          <span className="text-sm font-medium text-fg">{t('applications.fields.activationRoles')}</span>
          <ChipList
            label={t('applications.fields.activationRoles')}
            items={group.roleIds}
            labels={roleLabels}
            emptyText={t('applications.noneLinked')}
            disabled={!writable}
            onRemove={(removed) => change(index, { roleIds: group.roleIds.filter((id) => id !== removed) })}
          />
          {writable && (
            <RefPicker
              label={t('applications.addRole')}
              search={searchRoles}
              excludeIds={group.roleIds}
              onPick={(option) => change(index, { roleIds: [...group.roleIds, option.id] })}
            />
          )}
          <span className="text-sm font-medium text-fg">{t('applications.fields.activationAccountAccesses')}</span>
          <ChipList
            label={t('applications.fields.activationAccountAccesses')}
            items={group.accountAccessIds}
            labels={groupLabels}
            emptyText={t('applications.noneLinked')}
            disabled={!writable}
            onRemove={(removed) =>
              change(index, { accountAccessIds: group.accountAccessIds.filter((id) => id !== removed) })
            }
          />
          {writable && (
            <RefPicker
              label={t('applications.add.accountAccesses')}
              search={searchGroups}
              excludeIds={group.accountAccessIds}
              onPick={(option) => change(index, { accountAccessIds: [...group.accountAccessIds, option.id] })}
            />
          )}
        </fieldset>
      ))}
    </Section>
  );
}
