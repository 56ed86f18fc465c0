import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, render } from '@testing-library/react';
import { useState, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { ServicesProvider } from './contexts.tsx';
import { PageTitleScope, usePageTitle } from './page-title.tsx';
import { createI18n } from '../i18n/i18n.ts';
import type { Services } from '../composition-root.ts';

const services = { config: { brandName: 'HK Küchen' } } as unknown as Services;

function Titled({ title, children }: { readonly title: string; readonly children?: ReactNode }) {
  usePageTitle(title);
  return <>{children}</>;
}

async function frame(children: ReactNode) {
  const i18n = await createI18n('de');
  return render(
    <I18nextProvider i18n={i18n}>
      <ServicesProvider services={services}>{children}</ServicesProvider>
    </I18nextProvider>,
  );
}

afterEach(cleanup);

describe('the document title (#17.20: each console page its own)', () => {
  it('is the innermost page title, though the route sets its own after it', async () => {
    await frame(
      <Titled title="Admin Center">
        <PageTitleScope>
          <Titled title="Rollen" />
        </PageTitleScope>
      </Titled>,
    );
    expect(document.title).toBe('Rollen | HK Küchen');
  });

  it('follows the inner page as it changes and falls back to the route when it goes', async () => {
    let show: (page: string | undefined) => void = () => undefined;
    function Console() {
      const [page, setPage] = useState<string | undefined>('Rollen');
      show = setPage;
      return (
        <Titled title="Admin Center">
          <PageTitleScope>{page === undefined ? null : <Titled key={page} title={page} />}</PageTitleScope>
        </Titled>
      );
    }
    await frame(<Console />);
    expect(document.title).toBe('Rollen | HK Küchen');
    act(() => show('Benutzer'));
    expect(document.title).toBe('Benutzer | HK Küchen');
    act(() => show(undefined));
    expect(document.title).toBe('Admin Center | HK Küchen');
  });

  it('is the brand alone for a page without a title', async () => {
    await frame(<Titled title="" />);
    expect(document.title).toBe('HK Küchen');
  });
});
