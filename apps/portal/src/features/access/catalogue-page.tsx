// /catalogue (#19): the applications the user may request, searched on the server as they type
// (200 ms after the last key) and paged; each with its logo, description and what a request
// needs; "Zugriff anfordern" opens the request form. Internal applications and those that do
// not allow requests are never listed (the API's catalogue, spec §1, §6).
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckCircleIcon, ClockIcon, Squares2X2Icon } from '@heroicons/react/20/solid';
import { fetchDelayMs } from '@portal/core';
import type { CatalogueApplication } from '@portal/adapters';
import { TileSkeleton, UiLink, buttonClasses } from '@portal/ui';
import { useServices } from '../../app/contexts.tsx';
import { useMyAccessApi } from '../shared/my-access.ts';
import { useLoad } from '../../app/use-load.ts';
import { resolveAssetUrl } from '../../app/assets.ts';
import { links } from '../../routes.ts';
import { rememberLabels } from './catalogue-labels.ts';
import { useDayFormat } from '../shared/day-format.ts';
import { PagedList, usePaging } from './paged-list.tsx';
import { SearchField } from '../shared/search-field.tsx';

export default function CataloguePage() {
  const { t } = useTranslation('flows', { keyPrefix: 'access' });
  const api = useMyAccessApi();
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');
  const paging = usePaging();
  const { page, pageSize, setPage } = paging;
  // Searched on the server 200 ms after the last key (spec §9's fetch delay); a new search starts on page 1.
  useEffect(() => {
    if (text.trim() === search) return undefined;
    const timer = setTimeout(() => {
      setSearch(text.trim());
      setPage(1);
    }, fetchDelayMs);
    return () => clearTimeout(timer);
  }, [text, search, setPage]);
  const list = useLoad(async () => {
    const answer = await api.listCatalogue({ page, pageSize, search });
    rememberLabels(answer.items);
    return answer;
  }, `${search}|${page}|${pageSize}`);
  return (
    <PagedList
      title={t('catalogue.title')}
      subTitle={t('catalogue.subtitle')}
      link={{ href: links.requests(), label: t('catalogue.myRequests') }}
      filter={
        <div className="max-w-md">
          <SearchField
            label={t('catalogue.search')}
            value={text}
            onChange={(event) => setText(event.target.value)}
            {...(list.status === 'loading' && list.data !== undefined ? { help: t('catalogue.searching') } : {})}
          />
        </div>
      }
      list={list}
      paging={paging}
      skeleton={<CatalogueSkeleton />}
      empty={search === '' ? t('catalogue.empty') : t('catalogue.noMatch', { query: search })}
      count={(total) => t('catalogue.count', { count: total })}
      listClassName="grid grid-cols-1 gap-4 md:grid-cols-2"
      entry={(app) => <CatalogueEntry key={app.id} app={app} />}
    />
  );
}

function CatalogueEntry({ app }: { readonly app: CatalogueApplication }) {
  const { t } = useTranslation('flows', { keyPrefix: 'access' });
  const { config } = useServices();
  const dates = useDayFormat();
  const logoUrl = resolveAssetUrl(app.logoUrl, config.apiUrl);
  const headingId = `catalogue-${app.id}`;
  const { needs } = app;
  const needed = [
    needs.justification === 'required'
      ? t('catalogue.needs.justificationRequired')
      : t('catalogue.needs.justificationOptional'),
    ...(needs.accountAccessRequired ? [t('catalogue.needs.accountAccess')] : []),
    ...(needs.roleRequired ? [t('catalogue.needs.role')] : []),
    ...(needs.timeBound
      ? [
          needs.maxAccessDays === undefined
            ? t('catalogue.needs.timeBoundUnlimited')
            : t('catalogue.needs.timeBound', { count: needs.maxAccessDays }),
        ]
      : []),
    ...(needs.openQuestions > 0 ? [t('catalogue.needs.questions', { count: needs.openQuestions })] : []),
  ];
  const canExtend = app.accessStatus === 'granted' && app.accessEndsAt !== undefined;
  return (
    <li
      aria-labelledby={headingId}
      className="flex flex-col gap-3 rounded-xl border border-line bg-surface p-4 shadow-sm"
    >
      <div className="flex items-start gap-4">
        <span className="flex size-16 shrink-0 items-center justify-center">
          {logoUrl === undefined ? (
            <Squares2X2Icon aria-hidden="true" className="size-3/4 text-fg-muted" />
          ) : (
            <img
              src={logoUrl}
              alt=""
              width={64}
              height={64}
              loading="lazy"
              decoding="async"
              className="size-full object-contain"
            />
          )}
        </span>
        <div className="min-w-0">
          <h2 id={headingId} className="text-base font-semibold break-words text-fg">
            {app.label}
          </h2>
          {app.description !== '' && <p className="text-sm text-fg-muted">{app.description}</p>}
        </div>
      </div>
      <div className="text-sm text-fg">
        <p className="font-medium">{t('catalogue.needs.heading')}</p>
        <ul className="list-disc ps-5 text-fg-muted">
          {needed.map((text) => (
            <li key={text}>{text}</li>
          ))}
        </ul>
      </div>
      <div className="mt-auto flex flex-wrap items-center justify-between gap-2">
        {app.accessStatus === 'requested' ? (
          <p className="flex items-center gap-1.5 text-sm text-fg">
            <ClockIcon aria-hidden="true" className="size-5 text-warning" />
            {t('catalogue.status.requested')}
          </p>
        ) : app.accessStatus === 'granted' ? (
          <p className="flex items-center gap-1.5 text-sm text-fg">
            <CheckCircleIcon aria-hidden="true" className="size-5 text-success" />
            {app.accessEndsAt === undefined
              ? t('catalogue.status.granted')
              : t('catalogue.status.grantedUntil', { date: dates.lastDay(app.accessEndsAt) })}
          </p>
        ) : (
          <span />
        )}
        {(app.accessStatus === 'none' || canExtend) && (
          <UiLink
            href={links.catalogueRequest({ application: app.id })}
            className={buttonClasses(app.accessStatus === 'none' ? 'primary' : 'secondary')}
            aria-label={
              app.accessStatus === 'none'
                ? t('catalogue.requestFor', { label: app.label })
                : t('catalogue.extendFor', { label: app.label })
            }
          >
            {app.accessStatus === 'none' ? t('catalogue.request') : t('catalogue.extend')}
          </UiLink>
        )}
      </div>
    </li>
  );
}

function CatalogueSkeleton() {
  return (
    <ul aria-busy="true" className="grid grid-cols-1 gap-4 md:grid-cols-2">
      {[0, 1, 2, 3].map((index) => (
        <TileSkeleton key={index} />
      ))}
    </ul>
  );
}
