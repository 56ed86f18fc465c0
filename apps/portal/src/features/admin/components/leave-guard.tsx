// Unsaved changes are never lost: while a form is dirty, leaving the page (a link in the
// portal, Back, closing the tab) asks first.
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { Confirm } from './confirm.tsx';
import { useAdminT } from '../lib/i18n.ts';

/** Same-origin path of a clicked link that would leave the current page, if any. */
export function leavingPath(
  anchor: { readonly href: string; readonly target?: string; readonly hasDownload?: boolean },
  here: { readonly origin: string; readonly pathname: string; readonly search: string },
): string | undefined {
  if (anchor.target !== undefined && anchor.target !== '' && anchor.target !== '_self') return undefined;
  if (anchor.hasDownload === true) return undefined;
  let url: URL;
  try {
    url = new URL(anchor.href, here.origin);
  } catch {
    return undefined;
  }
  if (url.origin !== here.origin) return undefined;
  if (url.pathname === here.pathname && url.search === here.search) return undefined;
  return `${url.pathname}${url.search}`;
}

export function LeaveGuard({ dirty }: { readonly dirty: boolean }) {
  const t = useAdminT();
  const [, navigate] = useLocation();
  const [pending, setPending] = useState<string | undefined>(undefined);
  const dirtyRef = useRef(dirty);
  dirtyRef.current = dirty;
  useEffect(() => {
    if (!dirty) return undefined;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
    };
    const onClick = (event: MouseEvent) => {
      if (
        !dirtyRef.current ||
        event.defaultPrevented ||
        event.button !== 0 ||
        event.metaKey ||
        event.ctrlKey ||
        event.shiftKey ||
        event.altKey
      )
        return;
      const anchor = event.target instanceof Element ? event.target.closest('a[href]') : null;
      if (!(anchor instanceof HTMLAnchorElement)) return;
      const path = leavingPath(
        { href: anchor.href, target: anchor.target, hasDownload: anchor.hasAttribute('download') },
        window.location,
      );
      if (path === undefined) return;
      event.preventDefault();
      event.stopPropagation();
      setPending(path);
    };
    const here = `${window.location.pathname}${window.location.search}`;
    const onPopState = () => {
      if (!dirtyRef.current) return;
      const target = `${window.location.pathname}${window.location.search}`;
      if (target === here) return;
      // Stay on the form, then ask.
      window.history.pushState(window.history.state, '', here);
      setPending(target);
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    document.addEventListener('click', onClick, true);
    window.addEventListener('popstate', onPopState, true);
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      document.removeEventListener('click', onClick, true);
      window.removeEventListener('popstate', onPopState, true);
    };
  }, [dirty]);
  return (
    <Confirm
      open={pending !== undefined}
      tone="primary"
      title={t('leave.title')}
      message={t('leave.message')}
      confirmLabel={t('leave.confirm')}
      onCancel={() => setPending(undefined)}
      onConfirm={() => {
        const target = pending;
        setPending(undefined);
        dirtyRef.current = false;
        if (target !== undefined) navigate(target);
      }}
    />
  );
}
