// /admin/{application}/access-requests: the open access requests (or all, by status) with
// requester and requested account access; chosen open requests are accepted with roles or
// denied with a reason at once (#20.3).
import { useMemo, useState, type ReactNode } from 'react';
import type { AccessRequestSummary } from '@portal/adapters/admin';
import {
  accessRequestStatuses,
  denyReasonMaxLength,
  validateAccessRequestRoles,
  validateDenyReason,
  type AccessRequestDecision,
} from '@portal/core';
import { useAdmin } from '../admin-context.tsx';
import { useApplicationFrame } from '../components/page-state.tsx';
import { TextArea, type DataTableColumn } from '@portal/ui';
import { BulkDialogAction, namesText, type ApplicationBulkProps } from '../components/bulk.tsx';
import { ListView, type ListBulk } from '../components/list-view.tsx';
import { AccessChecklists, type AccessChoice } from '../components/selection.tsx';
import { RowLink } from '../components/list-page.tsx';
import { adminLinks } from '../lib/links.ts';
import { listRoutes, loadAccessRequests, type AccessRequestStatusFilter } from '../lib/list-routes.ts';
import { useAdminT, useFormatDate, useUiT, type AdminKey } from '../lib/i18n.ts';

type StatusFilter = AccessRequestStatusFilter;
const nameOf = (row: AccessRequestSummary) => (row.user.fullName === '' ? row.user.email : row.user.fullName);

const decisionTexts = {
  accept: {
    label: 'bulk.accept',
    title: 'bulk.acceptTitle',
    apply: 'accessRequests.confirmAccept',
    done: 'bulk.accepted',
  },
  deny: { label: 'bulk.deny', title: 'bulk.denyTitle', apply: 'accessRequests.confirmDeny', done: 'bulk.denied' },
} as const satisfies Record<string, Record<string, AdminKey>>;

type DecisionProps = ApplicationBulkProps<AccessRequestSummary>;

/**
 * The dialog of a decision on the chosen requests: its texts; `decide` answers a problem to show or the decision,
 * which is asked for all of them at once; then the open-request badge is reloaded.
 */
function DecisionAction({
  decision,
  application,
  rows,
  done,
  decide,
  ...dialog
}: DecisionProps & {
  readonly decision: keyof typeof decisionTexts;
  readonly onOpen: () => void;
  /** A problem to show, `null` when a field of the dialog says it, or the decision. */
  readonly decide: () => string | null | AccessRequestDecision;
  readonly children: ReactNode;
}) {
  const t = useAdminT();
  const { api, reloadAdministrable } = useAdmin();
  const texts = decisionTexts[decision];
  const count = rows.length;
  return (
    <BulkDialogAction
      label={t(texts.label)}
      title={t(texts.title, { count })}
      applyLabel={t(texts.apply)}
      doneText={(decided) => t(texts.done, { count: decided })}
      description={t('bulk.requestsDescription', { names: namesText(t, rows.map(nameOf)) })}
      apply={() => {
        const chosen = decide();
        if (chosen === null || typeof chosen === 'string') return chosen;
        const requestIds = rows.map((row) => row.id);
        return {
          body: { requestIds, chosen },
          send: (key) => api.decideAccessRequests(application, requestIds, chosen, key),
        };
      }}
      done={() => {
        reloadAdministrable();
        done();
      }}
      {...dialog}
    />
  );
}

const nothingChosen: AccessChoice = { roleIds: [], accountAccessIds: [] };

/** Accept the chosen requests with roles (at least one, core's rule) and account accesses. */
function AcceptAction(props: DecisionProps) {
  const tu = useUiT();
  const [choice, setChoice] = useState<AccessChoice>(nothingChosen);
  return (
    <DecisionAction
      decision="accept"
      {...props}
      onOpen={() => setChoice(nothingChosen)}
      decide={() => {
        const problem = validateAccessRequestRoles(choice.roleIds);
        return problem === undefined ? { kind: 'accept', ...choice } : tu(problem.code, problem.params);
      }}
    >
      <AccessChecklists
        application={props.application}
        choice={choice}
        onChange={(field, ids) => setChoice((chosen) => ({ ...chosen, [field]: ids }))}
      />
    </DecisionAction>
  );
}

/** Deny the chosen requests with a reason the requesters will read (#30.7: required, as for a single denial; core's rule). */
function DenyAction(props: DecisionProps) {
  const t = useAdminT();
  const tu = useUiT();
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | undefined>(undefined);
  return (
    <DecisionAction
      decision="deny"
      {...props}
      onOpen={() => {
        setReason('');
        setProblem(undefined);
      }}
      decide={() => {
        const issue = validateDenyReason(reason);
        setProblem(issue === undefined ? undefined : tu(issue.code, issue.params));
        return issue === undefined ? { kind: 'deny', reason: reason.trim() } : null;
      }}
    >
      <TextArea
        label={t('accessRequests.fields.reason')}
        help={t('accessRequests.reasonHelp')}
        required
        rows={3}
        maxLength={denyReasonMaxLength}
        value={reason}
        onChange={(event) => {
          setReason(event.target.value);
          setProblem(undefined);
        }}
        {...(problem === undefined ? {} : { error: problem })}
      />
    </DecisionAction>
  );
}
/** Every status the contract has (core's list, checked against it), then all of them. */
const filters: readonly StatusFilter[] = [...accessRequestStatuses, 'ALL'];

export default function AccessRequestsListPage() {
  const t = useAdminT();
  const date = useFormatDate();
  const { application, label } = useApplicationFrame(t('accessRequests.title'), adminLinks.application);
  const { api } = useAdmin();
  const [status, setStatus] = useState<StatusFilter>('OPEN');
  const columns = useMemo<readonly DataTableColumn<AccessRequestSummary>[]>(
    () => [
      {
        key: 'fullName',
        header: t('accessRequests.fields.requester'),
        sortable: true,
        render: (row) => (
          <RowLink href={adminLinks.accessRequest(application, row.id)}>
            {row.user.fullName === '' ? row.user.email : row.user.fullName}
          </RowLink>
        ),
      },
      {
        key: 'email',
        header: t('users.fields.email'),
        sortable: true,
        render: (row) => <span className="break-all">{row.user.email}</span>,
      },
      { key: 'company', header: t('users.fields.companyName'), render: (row) => row.user.companyName ?? '–' },
      {
        key: 'account',
        header: t('accessRequests.fields.requestedAccountAccess'),
        render: (row) => row.requestedAccountAccess?.label ?? '–',
      },
      {
        key: 'requestedAt',
        header: t('accessRequests.fields.requestedAt'),
        sortable: true,
        render: (row) => date(row.requestedAt),
      },
      {
        key: 'status',
        header: t('accessRequests.fields.status'),
        sortable: true,
        render: (row) => t(`accessRequests.statuses.${row.status}`),
      },
    ],
    [t, date, application],
  );
  const bulk = useMemo<ListBulk<AccessRequestSummary>>(
    () => ({
      rowLabel: (row) => t('bulk.selectRow', { name: nameOf(row) }),
      actions: (rows, done) => (
        <>
          <AcceptAction application={application} rows={rows} done={done} />
          <DenyAction application={application} rows={rows} done={done} />
        </>
      ),
    }),
    [t, application],
  );
  return (
    <ListView<AccessRequestSummary>
      caption={t('accessRequests.caption', { application: label })}
      scope={`${application}|${status}`}
      load={loadAccessRequests(api, application, status)}
      rowKey={(row) => row.id}
      listId="accessRequests"
      exportHref={(params) =>
        api.accessRequestsExportUrl(application, { ...params, ...(status === 'ALL' ? {} : { status }) })
      }
      defaultSort={listRoutes.accessRequests.defaultSort}
      defaultOrder={listRoutes.accessRequests.defaultOrder}
      emptyMessage={status === 'OPEN' ? t('accessRequests.emptyOpen') : t('accessRequests.empty')}
      toolbar={
        <div className="flex flex-col">
          <label htmlFor="access-request-status" className="mb-1 text-sm font-medium text-fg">
            {t('accessRequests.statusFilter')}
          </label>
          <select
            id="access-request-status"
            value={status}
            onChange={(event) => setStatus(event.target.value as StatusFilter)}
            className="rounded-lg border border-line-strong bg-surface py-2 ps-3 pe-8 text-sm text-fg"
          >
            {filters.map((filter) => (
              <option key={filter} value={filter}>
                {t(`accessRequests.statuses.${filter}`)}
              </option>
            ))}
          </select>
        </div>
      }
      columns={columns}
      {...(status === 'OPEN' ? { bulk } : {})}
    />
  );
}
