import {
  ComputerDesktopIcon,
  DevicePhoneMobileIcon,
  DeviceTabletIcon,
  QuestionMarkCircleIcon,
} from '@heroicons/react/24/outline';
import type { MySession } from '@portal/core';
import { Button } from '../button/button.tsx';
import { useUiText } from '../i18n/ui-text.tsx';

export interface SessionListProps {
  /** The user's sessions, this browser's first (as the portal server lists them). */
  readonly sessions: readonly MySession[];
  /** BCP 47 language of the dates. */
  readonly locale: string;
  readonly onEnd: (session: MySession) => void;
  readonly onEndOthers: () => void;
  /** The session being signed out, or 'others' while all the others are. */
  readonly busy?: string | undefined;
}

const icons = {
  desktop: ComputerDesktopIcon,
  mobile: DevicePhoneMobileIcon,
  tablet: DeviceTabletIcon,
  unknown: QuestionMarkCircleIcon,
} as const;

/** Where the user is signed in: device, browser, sign-in and last use; sign out one, or all others. */
export function SessionList({ sessions, locale, onEnd, onEndOthers, busy }: SessionListProps) {
  const t = useUiText();
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
  const others = sessions.filter((s) => !s.current);
  const nameOf = (s: MySession) => {
    const parts = [s.device.browser, s.device.os].filter((p) => p !== '');
    return parts.length === 0 ? t('sessions.unknownDevice') : parts.join(' · ');
  };
  return (
    <div className="flex flex-col gap-4">
      <ul className="flex flex-col divide-y divide-line rounded-lg border border-line" aria-label={t('sessions.label')}>
        {sessions.map((s) => {
          const Icon = icons[s.device.type];
          const name = nameOf(s);
          return (
            <li key={s.id} className="flex flex-wrap items-center gap-3 p-4">
              <Icon aria-hidden="true" className="size-6 shrink-0 text-fg-muted" />
              <div className="flex min-w-0 flex-1 flex-col gap-0.5">
                <p className="flex flex-wrap items-center gap-2 text-sm font-medium text-fg">
                  <span className="sr-only">{t(`sessions.type.${s.device.type}`)}: </span>
                  <span className="break-words">{name}</span>
                  {s.current && (
                    <span className="rounded-full bg-success-soft px-2 py-0.5 text-xs font-medium text-on-success-soft">
                      {t('sessions.thisDevice')}
                    </span>
                  )}
                </p>
                <p className="text-sm text-fg-muted">
                  {t('sessions.lastSeen', { time: date.format(new Date(s.lastSeenAt)) })}
                  <span aria-hidden="true"> · </span>
                  <span className="sr-only">, </span>
                  {t('sessions.signedInAt', { time: date.format(new Date(s.createdAt)) })}
                </p>
              </div>
              {!s.current && (
                <Button
                  variant="secondary"
                  size="sm"
                  busy={busy === s.id}
                  disabled={busy !== undefined && busy !== s.id}
                  aria-label={t('sessions.endLabel', { device: name })}
                  onClick={() => onEnd(s)}
                >
                  {t('sessions.end')}
                </Button>
              )}
            </li>
          );
        })}
      </ul>
      {others.length === 0 ? (
        <p className="text-sm text-fg-muted">{t('sessions.onlyThis')}</p>
      ) : (
        <div>
          <Button
            variant="danger"
            busy={busy === 'others'}
            disabled={busy !== undefined && busy !== 'others'}
            onClick={onEndOthers}
          >
            {t('sessions.endOthers')}
          </Button>
        </div>
      )}
    </div>
  );
}
