// The gate's access request: the account access (when the application links any), the role
// (when the application asks for one, or offered when it has visible roles) and a message.
// The choices come from core's gate machine; a search narrows them on the server when an
// application has more than one page of them.
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchDelayMs, type AppGateEvent, type AppGateView, type Choice } from '@portal/core';
import { Button, Select, TextField } from '@portal/ui';
import { useIssueText } from '../shared/attribute-fields.tsx';

const optionsOf = (choices: readonly Choice[]) =>
  choices.map((c) => ({ value: c.id, label: c.label === '' ? c.key : c.label }));

export function RequestAccessForm({
  view,
  send,
}: {
  readonly view: AppGateView;
  readonly send: (event: AppGateEvent) => void;
}) {
  const { t } = useTranslation('flows');
  const issueText = useIssueText();
  const { request } = view;
  const [search, setSearch] = useState(request.search);
  useEffect(() => {
    if (search.trim() === request.search) return undefined;
    const timer = setTimeout(() => send({ type: 'SEARCH_OPTIONS', search }), fetchDelayMs);
    return () => clearTimeout(timer);
  }, [search, request.search, send]);

  if (request.failed) {
    return (
      <div className="flex flex-col items-start gap-3">
        <p role="alert" className="text-sm text-danger">
          {t('noAccess.optionsFailed')}
        </p>
        <Button variant="secondary" onClick={() => send({ type: 'SEARCH_OPTIONS', search: request.search })}>
          {t('noAccess.retry')}
        </Button>
      </div>
    );
  }
  const searchable =
    request.search !== '' ||
    request.accountAccessTotal > request.accountAccesses.length ||
    request.roleTotal > request.roles.length;
  const showRoles = request.roleRequired || request.roles.length > 0;
  const set = (field: 'accountAccessId' | 'roleId' | 'comment') => (value: string) =>
    send({ type: 'SET_CHOICE', field, value });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    send({ type: 'REQUEST_ACCESS' });
  };
  const more = (shown: number, total: number) => (total > shown ? t('noAccess.more', { shown, total }) : undefined);
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4" aria-busy={request.loading || undefined}>
      <p className="text-sm text-fg-muted">{t('noAccess.text')}</p>
      {searchable && (
        <TextField
          type="search"
          label={t('noAccess.search')}
          value={search}
          maxLength={200}
          onChange={(e) => setSearch(e.target.value)}
          help={
            request.loading
              ? t('noAccess.loading')
              : request.search !== '' && request.accountAccessTotal === 0 && request.roleTotal === 0
                ? t('noAccess.noMatch', { query: request.search })
                : undefined
          }
        />
      )}
      {request.accountAccessRequired && (
        <Select
          label={t('noAccess.accountAccess')}
          required
          placeholder={t('noAccess.choose')}
          help={more(request.accountAccesses.length, request.accountAccessTotal) ?? t('noAccess.accountAccessHelp')}
          options={optionsOf(request.accountAccesses)}
          value={request.choice.accountAccessId ?? ''}
          error={issueText(view.validation['accountAccessId'])}
          onChange={(e) => set('accountAccessId')(e.target.value)}
        />
      )}
      {showRoles && (
        <Select
          label={t('noAccess.role')}
          required={request.roleRequired}
          placeholder={request.roleRequired ? t('noAccess.choose') : t('noAccess.roleOptional')}
          help={more(request.roles.length, request.roleTotal)}
          options={optionsOf(request.roles)}
          value={request.choice.roleId ?? ''}
          error={issueText(view.validation['roleId'])}
          onChange={(e) => set('roleId')(e.target.value)}
        />
      )}
      <TextField
        label={t('noAccess.comment')}
        maxLength={1000}
        value={request.choice.comment ?? ''}
        onChange={(e) => set('comment')(e.target.value)}
      />
      <div className="flex justify-end">
        <Button type="submit" busy={view.busy} disabled={!view.canRequestAccess}>
          {t('noAccess.submit')}
        </Button>
      </div>
    </form>
  );
}
