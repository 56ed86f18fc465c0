import { useTranslation } from 'react-i18next';
import { Button } from '@portal/ui';
import type { SaveFailure } from '../shared/form-errors.ts';

/**
 * The end of a settings form: what a failed save says, that the form was saved, and its save
 * button (left out when nothing in the form can be saved).
 */
export function SaveFooter({
  failure,
  saved,
  saving,
  canSave = true,
}: {
  readonly failure: SaveFailure | undefined;
  readonly saved: boolean;
  readonly saving: boolean;
  readonly canSave?: boolean;
}) {
  const { t } = useTranslation('common');
  return (
    <>
      <SaveFailureAlert failure={failure} />
      {saved && (
        <p role="status" className="text-sm text-success">
          {t('status.saved')}
        </p>
      )}
      {canSave && (
        <div className="flex justify-end">
          <Button type="submit" busy={saving}>
            {t('actions.save')}
          </Button>
        </div>
      )}
    </>
  );
}

/**
 * What a settings form says about a failed save besides its fields: the reason and the
 * server's messages that no field shows (spec §8). Nothing when every message stands beside
 * its field.
 */
function SaveFailureAlert({ failure }: { readonly failure: SaveFailure | undefined }) {
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
