// The application's links (spec §3): attributes (outputInToken, required, visible), roles
// (permission, visible, default), account-access groups, custom flows. The internal activation groups:
// application-activation-groups.tsx.
import type { ReactNode } from 'react';
import { TrashIcon } from '@heroicons/react/20/solid';
import { Button, Checkbox } from '@portal/ui';
import type { AttributeLink, RoleLink } from '@portal/adapters/admin';
import { useLabels } from '../admin-context.tsx';
import { Section, type FormState } from '../components/form-kit.tsx';
import { RefPicker } from '../components/ref-picker.tsx';
import { RefsSection, SingleRef, usePickerSearch } from '../components/pickers.tsx';
import { withAccountAccesses, type ApplicationValues } from '../lib/application-form.ts';
import { useAdminT, type AdminKey } from '../lib/i18n.ts';

type Form = FormState<ApplicationValues>;

const tableClasses = 'w-full border-collapse text-sm text-fg';
const thClasses = 'border-b border-line px-2 py-2 text-start font-semibold';
const tdClasses = 'border-b border-line px-2 py-2 align-middle';

function replaceAt<T>(list: readonly T[], index: number, item: T): readonly T[] {
  return list.map((existing, position) => (position === index ? item : existing));
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

type LinkField = 'attributes' | 'roles';
type LinkOf<F extends LinkField> = ApplicationValues[F][number];

interface LinkKind<L> {
  readonly idOf: (link: L) => string;
  readonly create: (id: string) => L;
  readonly texts: { readonly empty: AdminKey; readonly add: AdminKey };
}

/** Per kind of link: the id it links, a new link to an id, and what its section says when there is none and on its picker. */
const linkKinds: { readonly [F in LinkField]: LinkKind<LinkOf<F>> } = {
  attributes: {
    idOf: (link) => link.attributeId,
    create: newAttributeLink,
    texts: { empty: 'applications.noAttributes', add: 'applications.addAttribute' },
  },
  roles: {
    idOf: (link) => link.roleId,
    create: newRoleLink,
    texts: { empty: 'applications.noRoles', add: 'applications.addRole' },
  },
};

/** A link as its section shows it: its entity's name, a change to it, and (for who may write) the button that removes it. */
interface LinkRow<L> {
  readonly link: L;
  readonly id: string;
  readonly name: string;
  readonly change: (link: L) => void;
  readonly removeButton: ReactNode;
}

/** The application's links of one kind: the links (`children` shows them) or that there are none, then a picker to add one. */
function LinksSection<F extends LinkField>({
  form,
  field,
  writable,
  children,
}: {
  readonly form: Form;
  readonly field: F;
  readonly writable: boolean;
  readonly children: (rows: readonly LinkRow<LinkOf<F>>[]) => ReactNode;
}) {
  const t = useAdminT();
  const labels = useLabels(field);
  const search = usePickerSearch(field);
  const { idOf, create, texts } = linkKinds[field] as LinkKind<LinkOf<F>>;
  const edit = (change: (links: readonly LinkOf<F>[]) => readonly LinkOf<F>[]) =>
    form.update((v) => ({ ...v, [field]: change(v[field]) }));
  const links: readonly LinkOf<F>[] = form.values[field];
  const rows = links.map((link, index) => {
    const id = idOf(link);
    const name = labels.get(id) ?? id;
    const removeButton = writable && (
      <Button
        variant="ghost"
        size="sm"
        icon={<TrashIcon />}
        aria-label={t('picker.remove', { name })}
        onClick={() => edit((list) => list.filter((_, i) => i !== index))}
      />
    );
    return {
      link,
      id,
      name,
      removeButton,
      change: (changed: LinkOf<F>) => edit((list) => replaceAt(list, index, changed)),
    };
  });
  return (
    <Section title={t(`applications.sections.${field}`)} description={t(`applications.help.${field}`)}>
      {links.length === 0 ? <p className="text-sm text-fg-muted">{t(texts.empty)}</p> : children(rows)}
      {writable && (
        <RefPicker
          label={t(texts.add)}
          search={search}
          excludeIds={links.map(idOf)}
          onPick={(option) => edit((list) => [...list, create(option.id)])}
        />
      )}
    </Section>
  );
}

export function AttributeLinks({ form, writable }: { readonly form: Form; readonly writable: boolean }) {
  const t = useAdminT();
  const flags = ['outputInToken', 'required', 'visible'] as const;
  return (
    <LinksSection form={form} field="attributes" writable={writable}>
      {(rows) => (
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
              {rows.map(({ link, id, name, change, removeButton }) => (
                <tr key={id}>
                  <th scope="row" className={`${tdClasses} font-medium`}>
                    {name}
                  </th>
                  {flags.map((flag) => (
                    <td key={flag} className={tdClasses}>
                      <input
                        type="checkbox"
                        aria-label={t(`applications.links.${flag}For`, { name })}
                        checked={link[flag]}
                        onChange={(event) => change({ ...link, [flag]: event.target.checked })}
                        className="size-4 accent-accent"
                      />
                    </td>
                  ))}
                  <td className={`${tdClasses} text-end`}>{removeButton}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </LinksSection>
  );
}

export function RoleLinks({ form, writable }: { readonly form: Form; readonly writable: boolean }) {
  const t = useAdminT();
  const permissionLabels = useLabels('permissions');
  const searchPermissions = usePickerSearch('permissions');
  return (
    <LinksSection form={form} field="roles" writable={writable}>
      {(rows) => (
        <ul className="flex flex-col gap-3">
          {rows.map(({ link, id, name, change, removeButton }) => (
            <li key={id} className="flex flex-col gap-3 rounded-lg border border-line p-3">
              <div className="flex items-center justify-between gap-2">
                <h3 className="font-medium text-fg">{name}</h3>
                {removeButton}
              </div>
              <div className="flex flex-wrap gap-6">
                {(['visible', 'default'] as const).map((flag) => (
                  <Checkbox
                    key={flag}
                    label={t(`applications.links.${flag}`)}
                    checked={link[flag]}
                    onChange={(event) => change({ ...link, [flag]: event.target.checked })}
                  />
                ))}
              </div>
              <SingleRef
                label={t('applications.links.permission')}
                value={link.permissionId}
                labels={permissionLabels}
                search={searchPermissions}
                disabled={!writable}
                onChange={(permissionId) => change({ ...link, permissionId })}
              />
            </li>
          ))}
        </ul>
      )}
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
      // Linked account-access groups: the requestable ones follow (#30.2, a new one is requestable).
      onChange={(ids) =>
        form.update((v) => (field === 'accountAccessIds' ? withAccountAccesses(v, ids) : { ...v, [field]: ids }))
      }
    />
  );
}
