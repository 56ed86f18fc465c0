// React contexts of the portal shell. The admin console (src/features/admin) uses these
// hooks too: useServices (API client, config, ports), useSession (user, sign-out),
// useToasts (action errors), useNavigationBar (title, subTitle, backLink).
import { createContext, use, useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { NavigationBarState, PlacedField, PortalError } from '@portal/core';
import { toastError } from '@portal/core';
import { createModuleLoader, type ToastMessage } from '@portal/ui';
import type { Services } from '../composition-root.ts';
import { reportChunkError } from './lazy-page.tsx';
import { firstRoute } from './ready.ts';

// ---- services ------------------------------------------------------------------------

const ServicesContext = createContext<Services | undefined>(undefined);

export function ServicesProvider({
  services,
  children,
}: {
  readonly services: Services;
  readonly children?: ReactNode;
}) {
  return <ServicesContext value={services}>{children}</ServicesContext>;
}

/** The composition root's services: config, API client, ports, session actor. */
export function useServices(): Services {
  const services = use(ServicesContext);
  if (services === undefined) throw new Error('useServices outside ServicesProvider');
  return services;
}

// ---- toasts --------------------------------------------------------------------------

export interface Toasts {
  /**
   * An action failed: a danger toast titled 'Fehler' for 4 s (spec §8), with the server's
   * `errors[]` messages that no field shows (`placed`: the fields the form shows them beside;
   * a form shows none when every message stands beside its field, core's `saidBesideFields`, #30.8).
   */
  error(error: PortalError, placed?: PlacedField): void;
  success(message: string): void;
}

const ToastContext = createContext<Toasts>({ error: () => {}, success: () => {} });

let toastSeq = 0;

/**
 * The toast region (and the toasts' icons) is not in the first route: it loads once the first
 * view is ready, well before anything can fail, or at once for a toast that comes earlier.
 */
const toaster = createModuleLoader(() => import('@portal/ui/toaster'));

export function ToastProvider({ children }: { readonly children?: ReactNode }) {
  const { t } = useTranslation('common');
  const [toasts, setToasts] = useState<readonly ToastMessage[]>([]);
  const dismiss = useCallback((id: string) => setToasts((all) => all.filter((toast) => toast.id !== id)), []);
  const api = useMemo<Toasts>(
    () => ({
      error(error, placed) {
        const model = toastError(error, placed);
        const message =
          model.message ??
          (model.descriptionKey === undefined ? undefined : t(model.descriptionKey as 'errors.page.500.description'));
        toastSeq += 1;
        const toast: ToastMessage = {
          id: `toast-${toastSeq}`,
          tone: 'danger',
          title: t(model.titleKey),
          durationMs: model.durationMs,
          ...(message === undefined ? {} : { message }),
          ...(model.details === undefined ? {} : { details: model.details }),
        };
        setToasts((all) => [...all, toast]);
      },
      success(message) {
        toastSeq += 1;
        setToasts((all) => [...all, { id: `toast-${toastSeq}`, tone: 'success', message }]);
      },
    }),
    [t],
  );
  const [region, setRegion] = useState(toaster.loaded);
  const wanted = region === undefined && toasts.length > 0;
  useEffect(() => {
    if (region !== undefined) return undefined;
    let live = true;
    const load = () => {
      toaster.load().then((module) => {
        if (live) setRegion(module);
      }, reportChunkError);
    };
    if (wanted) load();
    else firstRoute.whenReady(load);
    return () => {
      live = false;
    };
  }, [region, wanted]);
  return (
    <ToastContext value={api}>
      {children}
      {region === undefined ? null : <region.Toaster toasts={toasts} onDismiss={dismiss} />}
    </ToastContext>
  );
}

export function useToasts(): Toasts {
  return use(ToastContext);
}

// ---- navigation bar state (title, subTitle, backLink) ---------------------------------

interface NavigationBarStore {
  readonly state: NavigationBarState;
  set: (state: NavigationBarState) => void;
}

const NavigationBarContext = createContext<NavigationBarStore>({ state: {}, set: () => {} });

export function NavigationBarProvider({ children }: { readonly children?: ReactNode }) {
  const [state, set] = useState<NavigationBarState>({});
  const store = useMemo(() => ({ state, set }), [state]);
  return <NavigationBarContext value={store}>{children}</NavigationBarContext>;
}

/** The current navigation bar state (read by the layouts). */
export function useNavigationBarState(): NavigationBarState {
  return use(NavigationBarContext).state;
}

/** Set the navigation bar state while the calling page is shown. */
export function useNavigationBar(state: NavigationBarState): void {
  const { set } = use(NavigationBarContext);
  const { title, subTitle, backLink } = state;
  useEffect(() => {
    set({
      ...(title === undefined ? {} : { title }),
      ...(subTitle === undefined ? {} : { subTitle }),
      ...(backLink === undefined ? {} : { backLink }),
    });
    return () => set({});
  }, [set, title, subTitle, backLink]);
}
