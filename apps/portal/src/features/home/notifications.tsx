// The launcher's notifications (#19), loaded after the tiles: access that ended or ends soon,
// a request decided (a denial with the decider's reason); and the links to the catalogue and to
// my requests. The text is built here from the kind, the application and the end (no text comes
// from the API but the reason); "Gelesen" marks one as read; an ended or ending access links to
// a new request (extension). Only what tells the truth now is shown (#30.6, core's
// `currentNotices`): the newest per application, none the launcher's list contradicts; the others
// are marked read.
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BellAlertIcon } from '@heroicons/react/20/solid';
import { currentNotices } from '@portal/core';
import type { MyApplication, MyNotification } from '@portal/adapters';
import { Button, Section, UiLink, buttonClasses } from '@portal/ui';
import { useMyAccessApi } from '../shared/my-access.ts';
import { useLoad } from '../../app/use-load.ts';
import { links } from '../../routes.ts';
import { useDayFormat } from '../shared/day-format.ts';
import { NoticeItem } from './notice-item.tsx';

export default function LauncherNotifications({
  userId,
  applications,
}: {
  readonly userId: string;
  /** The launcher's list: where the user stands with each application now. */
  readonly applications: readonly MyApplication[];
}) {
  const { t } = useTranslation('flows', { keyPrefix: 'access' });
  const api = useMyAccessApi();
  const dates = useDayFormat();
  const [read, setRead] = useState<readonly string[]>([]);
  const list = useLoad(() => api.listMyNotifications({ unread: true, page: 1, pageSize: 10 }), userId);
  const { shown, stale } = useMemo(
    () =>
      currentNotices(
        (list.data?.items ?? []).filter((item) => !read.includes(item.id)),
        applications,
      ),
    [list.data, read, applications],
  );
  // What no longer holds is marked read once (a failure leaves it for the next visit, shown or not by the same rule).
  const marked = useRef(new Set<string>());
  useEffect(() => {
    for (const item of stale) {
      if (marked.current.has(item.id)) continue;
      marked.current.add(item.id);
      api.markMyNotificationRead(item.id).catch(() => undefined);
    }
  }, [stale, api]);
  // An empty launcher already offers "Zugriff anfordern" (the catalogue): one offer, not two.
  const launcherEmpty = !applications.some((app) => app.accessStatus === 'granted');
  const access = (
    <p className="flex flex-wrap gap-4 text-sm">
      {!launcherEmpty && (
        <UiLink href={links.catalogue()} className="text-accent underline-offset-2 hover:underline">
          {t('launcher.discover')}
        </UiLink>
      )}
      <UiLink href={links.requests()} className="text-accent underline-offset-2 hover:underline">
        {t('launcher.myRequests')}
      </UiLink>
    </p>
  );
  if (shown.length === 0) return access;
  const text = (item: MyNotification) => {
    const label = item.application.label;
    const date =
      item.endsAt === undefined
        ? ''
        : item.kind === 'ACCESS_EXPIRING'
          ? dates.lastDay(item.endsAt)
          : dates.dayOf(item.endsAt);
    return t(`notifications.${item.kind}`, { label, date });
  };
  const markRead = (id: string) => {
    setRead((ids) => [...ids, id]);
    // A failed mark only leaves it for the next visit.
    api.markMyNotificationRead(id).catch(() => undefined);
  };
  return (
    <Section title={t('notifications.heading')} size="xl" className="flex flex-col gap-3">
      <ul className="flex flex-col gap-2">
        {shown.map(({ notice: item, action }) => (
          <NoticeItem key={item.id} icon={BellAlertIcon} layout="flex-wrap gap-3">
            <span className="flex min-w-0 flex-1 flex-col gap-0.5">
              <span>{text(item)}</span>
              {item.reason !== undefined && (
                <span className="whitespace-pre-wrap text-fg-muted">
                  {t('notifications.reason', { reason: item.reason })}
                </span>
              )}
            </span>
            {action !== undefined && (
              <UiLink
                href={links.catalogueRequest({ application: item.application.id, from: item.requestId })}
                className={buttonClasses('secondary', 'sm')}
              >
                {action === 'extend' ? t('notifications.extend') : t('notifications.requestAgain')}
              </UiLink>
            )}
            <Button
              variant="ghost"
              size="sm"
              aria-label={t('notifications.dismissFor', { label: item.application.label })}
              onClick={() => markRead(item.id)}
            >
              {t('notifications.dismiss')}
            </Button>
          </NoticeItem>
        ))}
      </ul>
      {access}
    </Section>
  );
}
