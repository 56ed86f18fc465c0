// The launcher's notifications (#19), loaded after the tiles: access that ended or ends soon,
// a request decided; and the links to the catalogue and to my requests. The text is built here from the kind, the application and the end (no
// text comes from the API); "Gelesen" marks one as read; an ended or ending access links to a
// new request (extension).
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BellAlertIcon } from '@heroicons/react/20/solid';
import type { MyNotification } from '@portal/adapters';
import { Button, Section, UiLink, buttonClasses } from '@portal/ui';
import { useMyAccessApi } from '../shared/my-access.ts';
import { useLoad } from '../../app/use-load.ts';
import { links } from '../../routes.ts';
import { useDayFormat } from '../shared/day-format.ts';
import { NoticeItem } from './notice-item.tsx';

export default function LauncherNotifications({ userId }: { readonly userId: string }) {
  const { t } = useTranslation('flows', { keyPrefix: 'access' });
  const api = useMyAccessApi();
  const dates = useDayFormat();
  const [read, setRead] = useState<readonly string[]>([]);
  const list = useLoad(() => api.listMyNotifications({ unread: true, page: 1, pageSize: 10 }), userId);
  const items = (list.data?.items ?? []).filter((item) => !read.includes(item.id));
  const access = (
    <p className="flex flex-wrap gap-4 text-sm">
      <UiLink href={links.catalogue()} className="text-accent underline-offset-2 hover:underline">
        {t('launcher.discover')}
      </UiLink>
      <UiLink href={links.requests()} className="text-accent underline-offset-2 hover:underline">
        {t('launcher.myRequests')}
      </UiLink>
    </p>
  );
  if (items.length === 0) return access;
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
        {items.map((item) => (
          <NoticeItem key={item.id} icon={BellAlertIcon} layout="flex-wrap gap-3">
            <span className="min-w-0 flex-1">{text(item)}</span>
            {(item.kind === 'ACCESS_EXPIRED' || item.kind === 'ACCESS_EXPIRING' || item.kind === 'REQUEST_DENIED') && (
              <UiLink
                href={links.catalogueRequest({ application: item.application.id })}
                className={buttonClasses('secondary', 'sm')}
              >
                {item.kind === 'ACCESS_EXPIRING' ? t('notifications.extend') : t('notifications.requestAgain')}
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
