import { useTranslation } from 'react-i18next';
import type { SaveFailure } from '../shared/form-errors.ts';

/**
 * What a settings form says about a failed save besides its fields: the reason and the
 * server's messages that no field shows (spec §8). Nothing when every message stands beside
 * its field.
 */
export function SaveFailureAlert({ failure }: { readonly failure: SaveFailure | undefined }) {
  const { t } = useTranslation('common');
  if (failure === undefined || !failure.alert) return null;
  const reason =
    failure.message ?? t(failure.error.kind === 'unexpected' ? 'errors.network' : 'errors.page.400.description');
  return (
    <div role="alert" className="text-sm text-danger">
      <p>{t('errors.notSaved', { reason })}</p>
      {failure.others.length > 0 && (
        <ul className="mt-1">
          {failure.others.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
