// The last day of a user's access to an application (#30.2), on the page of that access (app-user-detail.tsx).
import { Button, TextField } from '@portal/ui';
import { useDayFormat } from '../../shared/day-format.ts';
import { useAdminT } from '../lib/i18n.ts';

/**
 * The last day of the user's access (#30.2): a date (set or extended: a later day), "Ende entfernen"
 * for access without end; where the application grants no time-bound access only the removal.
 */
export function AccessEnd({
  value,
  latest,
  timeBound,
  stored,
  error,
  onChange,
}: {
  readonly value: string;
  readonly latest: string | undefined;
  readonly timeBound: boolean;
  /** The stored last day as the user reads it; undefined: none stored. */
  readonly stored: string | undefined;
  readonly error: string | undefined;
  readonly onChange: (endDate: string) => void;
}) {
  const t = useAdminT();
  const days = useDayFormat();
  const help = !timeBound
    ? t('appUsers.endNotTimeBound')
    : latest === undefined
      ? t('appUsers.endHelpUnlimited')
      : t('appUsers.endHelp', { date: days.day(latest) });
  return (
    <div className="flex flex-col gap-2">
      <p className="text-sm text-fg">
        {stored === undefined ? t('appUsers.noEnd') : t('appUsers.endsOn', { date: stored })}
      </p>
      <div className="flex flex-wrap items-end gap-3">
        <TextField
          type="date"
          label={t('appUsers.fields.endDate')}
          value={value}
          readOnly={!timeBound}
          {...(latest === undefined ? {} : { max: latest })}
          help={help}
          onChange={(event) => onChange(event.target.value)}
          {...(error === undefined ? {} : { error })}
        />
        {value !== '' && (
          <Button variant="secondary" onClick={() => onChange('')}>
            {t('appUsers.removeEnd')}
          </Button>
        )}
      </div>
    </div>
  );
}
