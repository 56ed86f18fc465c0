// Days as the user reads them (#19): ISO days and end instants in the user's language (the catalogue, my requests, the launcher's notifications).
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { lastDayOfEndsAt } from '@portal/adapters';

export interface DayFormat {
  /** An ISO day (`YYYY-MM-DD`). */
  readonly day: (isoDay: string) => string;
  /** The day of an instant (ISO date-time). */
  readonly dayOf: (instant: string) => string;
  /** The last day of access of an end instant (the access ends at the midnight after it). */
  readonly lastDay: (endsAt: string) => string;
}

export function useDayFormat(): DayFormat {
  const { i18n } = useTranslation();
  return useMemo(() => {
    const format = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });
    const day = (isoDay: string) => format.format(new Date(`${isoDay}T12:00:00`));
    return {
      day,
      dayOf: (instant) => format.format(new Date(instant)),
      lastDay: (endsAt) => day(lastDayOfEndsAt(endsAt)),
    };
  }, [i18n.language]);
}
