// /admin/{application}/users: the users with access to one application; chosen users get
// roles or account accesses added or removed, or lose the access, at once (#20.3).
import { useMemo, useState } from 'react';
import { ArrowUpTrayIcon } from '@heroicons/react/20/solid';
import type { ApplicationUsersBulkAction, ApplicationUserSummary } from '@portal/adapters/admin';
import { validateAccessRequestRoles } from '@portal/core';
import type { DataTableColumn } from '@portal/ui';
import { useAdmin } from '../admin-context.tsx';
import { useApplicationFrame } from '../components/page-state.tsx';
import { BulkDelete, BulkDialogAction, namesText, type ApplicationBulkProps } from '../components/bulk.tsx';
import { ListView, type ListBulk } from '../components/list-view.tsx';
import { ListAction, RowLink } from '../components/list-page.tsx';
import { SelectionChecklist, useApplicationSelections } from '../components/selection.tsx';
import { adminLinks } from '../lib/links.ts';
import { listRoutes } from '../lib/list-routes.ts';
import { useAdminT, useFormatDate, useUiT } from '../lib/i18n.ts';
import { useDayFormat } from '../../shared/day-format.ts';

const nameOf = (row: ApplicationUserSummary) => (row.fullName === '' ? row.email : row.fullName);

/** Add or remove roles or account accesses of the chosen users: a dialog with the application's checklist. */
function ChangeAction({
  application,
  action,
  rows,
  done,
}: ApplicationBulkProps<ApplicationUserSummary> & {
  readonly action: Exclude<ApplicationUsersBulkAction, 'removeAccess'>;
}) {
  const t = useAdminT();
  const tu = useUiT();
  const { api } = useAdmin();
  const [ids, setIds] = useState<readonly string[]>([]);
  const roles = action === 'addRoles' || action === 'removeRoles';
  const selections = useApplicationSelections(application);
  const search = roles ? selections.roles : selections.accountAccesses;
  return (
    <BulkDialogAction
      label={t(`bulk.${action}`)}
      title={t(`bulk.${action}`)}
      description={t('bulk.usersDescription', { names: namesText(t, rows.map(nameOf)) })}
      applyLabel={t('bulk.apply')}
      // What really changed (#30.7): users who had it already are not counted.
      doneText={(count) => (count === 0 ? t('bulk.unchanged') : t('bulk.changed', { count }))}
      onOpen={() => setIds([])}
      apply={() => {
        const problem = roles ? validateAccessRequestRoles(ids) : undefined;
        if (problem !== undefined) return tu(problem.code, problem.params);
        if (!roles && ids.length === 0) return t('bulk.chooseAccountAccess');
        const userIds = rows.map((row) => row.id);
        const change = roles ? { action, userIds, roleIds: [...ids] } : { action, userIds, accountAccessIds: [...ids] };
        return { body: change, send: (key) => api.bulkUpdateApplicationUsers(application, change, key) };
      }}
      done={done}
    >
      <SelectionChecklist
        label={roles ? t('users.fields.roles') : t('users.fields.accountAccesses')}
        search={search}
        selected={ids}
        onChange={setIds}
      />
    </BulkDialogAction>
  );
}

export default function AppUsersListPage() {
  const t = useAdminT();
  const date = useFormatDate();
  const days = useDayFormat();
  const { application, label } = useApplicationFrame(t('appUsers.title'), adminLinks.application);
  const { api } = useAdmin();
  const columns = useMemo<readonly DataTableColumn<ApplicationUserSummary>[]>(
    () => [
      {
        key: 'fullName',
        header: t('users.fields.fullName'),
        sortable: true,
        render: (row) => <RowLink href={adminLinks.applicationUser(application, row.id)}>{nameOf(row)}</RowLink>,
      },
      {
        key: 'email',
        header: t('users.fields.email'),
        sortable: true,
        render: (row) => <span className="break-all">{row.email}</span>,
      },
      {
        key: 'companyName',
        header: t('users.fields.companyName'),
        sortable: true,
        render: (row) => row.companyName ?? '–',
      },
      {
        key: 'roles',
        header: t('users.fields.roles'),
        render: (row) => (row.roles.length === 0 ? '–' : row.roles.map((role) => role.label).join(', ')),
      },
      {
        key: 'accessSince',
        header: t('users.fields.accessSince'),
        sortable: true,
        render: (row) => date(row.accessSince, false),
      },
      {
        // The last day of a time-bound access (#30.2); none: '–'.
        key: 'endsAt',
        header: t('users.fields.endsAt'),
        render: (row) => (row.endsAt === null ? '–' : days.lastDay(row.endsAt)),
      },
    ],
    [t, date, days, application],
  );
  const bulk = useMemo<ListBulk<ApplicationUserSummary>>(
    () => ({
      rowLabel: (row) => t('bulk.selectRow', { name: nameOf(row) }),
      actions: (rows, done) => (
        <>
          {(['addRoles', 'removeRoles', 'addAccountAccesses', 'removeAccountAccesses'] as const).map((action) => (
            <ChangeAction key={action} application={application} action={action} rows={rows} done={done} />
          ))}
          <BulkDelete
            rows={rows}
            name={nameOf}
            label={t('bulk.removeAccess')}
            title={t('bulk.removeAccessTitle', { count: rows.length })}
            message={t('bulk.removeAccessMessage', { application: label, names: namesText(t, rows.map(nameOf)) })}
            doneText={(count: number) => t('bulk.removedAccess', { count })}
            removeMany={{
              body: rows.map((row) => row.id),
              send: (key) =>
                api.bulkUpdateApplicationUsers(
                  application,
                  { action: 'removeAccess', userIds: rows.map((row) => row.id) },
                  key,
                ),
            }}
            done={done}
          />
        </>
      ),
    }),
    [t, api, application, label],
  );
  return (
    <div className="flex flex-col gap-4">
      <ListAction href={adminLinks.applicationUsersImport(application)} icon={ArrowUpTrayIcon} variant="secondary">
        {t('import.open')}
      </ListAction>
      <ListView<ApplicationUserSummary>
        caption={t('appUsers.caption', { application: label })}
        scope={application}
        load={(params) => api.listApplicationUsers(application, params)}
        rowKey={(row) => row.id}
        listId="appUsers"
        exportHref={(params) => api.applicationUsersExportUrl(application, params)}
        defaultSort={listRoutes.appUsers.defaultSort}
        emptyMessage={t('appUsers.empty')}
        columns={columns}
        bulk={bulk}
      />
    </div>
  );
}
