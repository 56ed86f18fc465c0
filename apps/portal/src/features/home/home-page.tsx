// Home: the greeting by time of day and the user's applications as tiles (sort order),
// filtered as you type; each tile opens through the app access gate. Pinned tiles (#20.1)
// show first; a change shows at once and is stored on the server (on failure: the error, and
// the stored order back). Opening a tile records the launch for the "Zuletzt verwendet" row.
import { lazy, Suspense, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { ClockIcon } from '@heroicons/react/20/solid';
import { expiryBadge, greeting, recentlyUsed, toPortalError } from '@portal/core';
import { Greeting, Launcher, Section, type AppTileData } from '@portal/ui';
import { useServices, useToasts } from '../../app/contexts.tsx';
import { useSession } from '../../app/session.ts';
import { useLoad } from '../../app/use-load.ts';
import { useMarkReady } from '../../app/ready.ts';
import { resolveAssetUrl } from '../../app/assets.ts';
import { ErrorViewFor } from '../../app/error-view.tsx';
import { useFirstViewApps } from '../../app/first-view.tsx';
import { links } from '../../routes.ts';
import { loadMyApps, peekMyApps, recordLaunch, rememberFavourites } from '../shared/my-apps.ts';
import { createFavouritesWriter, storedFavourites } from './favourites.ts';
import { NoticeItem } from './notice-item.tsx';

// Access that ended or ends soon, decisions, the links to the catalogue and my requests (#19): their own chunk, after the tiles.
const Notifications = lazy(() => import('./notifications.tsx'));

const noSubscription = () => () => undefined;
const inBrowser = () => true;
const onServer = () => false;

export default function HomePage() {
  const { t } = useTranslation('home');
  // The badges' texts load with the flows namespace, not with the first route (#19): until
  // then the tiles show without them. Nor does the server's first view show them: "Endet in 3
  // Tagen" depends on the moment and the texts the browser has, so the browser adds them once it
  // has taken the page over (no hydration mismatch, React #418; #30.11).
  const { t: ta, ready: badgeTexts } = useTranslation('flows', { keyPrefix: 'access.launcher', useSuspense: false });
  const hydrated = useSyncExternalStore(noSubscription, inBrowser, onServer);
  const { api, config } = useServices();
  const session = useSession();
  const userId = session.user?.id ?? '';
  // Preloaded with the page's code (routes.ts): usually there already at the first render; on
  // the portal server, the list it fetched for this request (#16).
  const rendered = useFirstViewApps(userId);
  const apps = useLoad(
    () => loadMyApps(api, userId),
    userId,
    () => peekMyApps(userId) ?? rendered,
  );
  const toasts = useToasts();
  /** The user's change while (or after) it is written; undefined = the stored order. */
  const [changed, setChanged] = useState<readonly string[]>();
  const stored = useRef<readonly string[]>(undefined);
  const writer = useRef<(ids: readonly string[]) => void>(undefined);
  writer.current ??= createFavouritesWriter((ids) => api.updateMyFavourites(ids), {
    stored: (ids) => {
      stored.current = ids;
      rememberFavourites(userId, ids);
    },
    failed: (error) => {
      toasts.error(toPortalError(error));
      setChanged(stored.current);
    },
  });
  // The launcher is ready when its tiles (or its error or empty state) are shown.
  useMarkReady(apps.status !== 'loading');
  // The notifications' boundary is the same element until its own inputs change. The page
  // renders once more right after hydration (the badges above), as a synchronous update; a
  // boundary whose code has not arrived yet that receives one gives up the server's HTML and
  // shows its fallback (nothing) until the code is there: the links under the tiles vanished and
  // came back, and everything below them moved twice (CLS 0.017, #28.15).
  const notifications = useMemo(
    () => (
      <Suspense fallback={null}>
        <Notifications userId={userId} applications={apps.data ?? []} />
      </Suspense>
    ),
    [userId, apps.data],
  );
  if (apps.status === 'failed' && apps.data === undefined) return <ErrorViewFor error={apps.error} />;
  const list = apps.data ?? [];
  const granted = list.filter((app) => app.accessStatus === 'granted');
  const requested = list.filter((app) => app.accessStatus === 'requested');
  const now = Date.now();
  const tiles: AppTileData[] = granted.map((app) => {
    const logoUrl = resolveAssetUrl(app.logoUrl, config.apiUrl);
    // "Endet in 3 Tagen" when a time-bound access ends soon; "Anfrage offen" for an extension asked for (#19).
    const ends = expiryBadge(app.accessEndsAt, now);
    const badge =
      !badgeTexts || !hydrated
        ? undefined
        : app.pendingRequestId !== undefined
          ? ta('badges.pending')
          : ends === undefined
            ? undefined
            : ends.days === 0
              ? ta('badges.expiresToday')
              : ta('badges.expiresIn', { count: ends.days });
    return {
      ...(badge === undefined ? {} : { badge }),
      id: app.id,
      label: app.label,
      href: links.flowsAuth({ clientId: app.id }),
      ...(app.description === undefined || app.description === '' ? {} : { description: app.description }),
      ...(logoUrl === undefined ? {} : { logoUrl }),
    };
  });
  stored.current ??= apps.data === undefined ? undefined : storedFavourites(apps.data);
  const favouriteIds = changed ?? stored.current ?? [];
  const ready = apps.status !== 'loading' || apps.data !== undefined;
  return (
    <div className="flex flex-col gap-8">
      <Greeting code={greeting(new Date().getHours())} name={session.user?.fullName ?? ''} subtitle={t('subtitle')} />
      {ready || apps.showSkeleton ? (
        <Launcher
          apps={tiles}
          loading={!ready}
          requestAccessHref={links.catalogue()}
          favouriteIds={favouriteIds}
          onFavouritesChange={(ids) => {
            setChanged(ids);
            writer.current?.(ids);
          }}
          recentIds={recentlyUsed(granted).map((app) => app.id)}
          onOpen={(id) => recordLaunch(api, userId, id)}
        />
      ) : (
        <div aria-busy="true" className="min-h-40" />
      )}
      {ready && notifications}
      {requested.length > 0 && (
        <Section title={t('pending.heading')} size="xl" className="flex flex-col gap-3">
          <p className="text-sm text-fg-muted">{t('pending.count', { count: requested.length })}</p>
          <ul className="flex flex-col gap-2">
            {requested.map((app) => (
              <NoticeItem key={app.id} icon={ClockIcon} layout="gap-2">
                <span>{t('pending.item', { label: app.label })}</span>
              </NoticeItem>
            ))}
          </ul>
        </Section>
      )}
    </div>
  );
}
