// A page whose texts no language of the chain could load (#30.9): said instead of raw keys, with a
// retry (every language of the chain again). Its own chunk; its texts are common's, bundled in German.
import { useTranslation } from 'react-i18next';
import { Button, ErrorPage } from '@portal/ui';
import { textChain } from '../i18n/i18n.ts';
import type { Namespace } from '../i18n/languages.ts';

export default function TextsMissing({ namespaces }: { readonly namespaces: readonly Namespace[] }) {
  const { t, i18n } = useTranslation('common');
  return (
    <div className="flex flex-col items-center pb-16">
      <ErrorPage
        code={500}
        title={t('errors.texts.title')}
        description={t('errors.texts.description')}
        signedIn={false}
      />
      <Button onClick={() => void i18n.reloadResources([...textChain(i18n)], [...namespaces])}>
        {t('actions.retry')}
      </Button>
    </div>
  );
}
