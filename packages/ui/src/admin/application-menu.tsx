// The sidebar's application dropdown. Its Headless UI code (Menu with floating-ui, ~30 KB
// gzip) is not part of the admin layout: it loads on the first pointer or focus on the button,
// and a click (or Enter/Space) that comes before it has arrived opens the menu once it has,
// the way the portal's top-bar menus do.
import { useEffect, useRef, useState, type ComponentType } from 'react';
import {
  ApplicationMenuLabel,
  applicationMenuButtonClasses,
  type ApplicationMenuProps,
} from './application-menu-label.tsx';
import type { HeadlessApplicationMenuProps } from './application-menu-headless.tsx';
import { createModuleLoader, type ModuleLoader } from '../lib/module-loader.ts';

export type { ApplicationLink, ApplicationMenuProps } from './application-menu-label.tsx';

export interface ApplicationMenuModule {
  readonly HeadlessApplicationMenu: ComponentType<HeadlessApplicationMenuProps>;
}

/** How the menu's code is loaded (stories hold it back to click before it has arrived). */
export type ApplicationMenuLoader = ModuleLoader<ApplicationMenuModule>;

export function createApplicationMenuLoader(load: () => Promise<ApplicationMenuModule>): ApplicationMenuLoader {
  return createModuleLoader(load);
}

const defaultLoader = createApplicationMenuLoader(() => import('./application-menu-headless.tsx'));

export interface LazyApplicationMenuProps extends ApplicationMenuProps {
  /** The lazily loaded Headless UI part; the real chunk by default. */
  readonly loader?: ApplicationMenuLoader;
}

/** The sidebar's application dropdown: switches to another administrable application. */
export function ApplicationMenu({ loader = defaultLoader, ...props }: LazyApplicationMenuProps) {
  const [module, setModule] = useState<ApplicationMenuModule | undefined>(() => loader.loaded());
  const [handoff, setHandoff] = useState({ focus: false, open: false });
  const placeholder = useRef<HTMLButtonElement>(null);
  const openWhenLoaded = useRef(false);
  const mounted = useRef(false);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  if (module !== undefined) {
    const Menu = module.HeadlessApplicationMenu;
    return <Menu {...props} focusOnMount={handoff.focus} openOnMount={handoff.open} />;
  }
  const want = () => {
    loader.load().then(
      (loaded) => {
        if (!mounted.current) return;
        setHandoff({
          focus: placeholder.current !== null && document.activeElement === placeholder.current,
          open: openWhenLoaded.current,
        });
        setModule(loaded);
      },
      () => undefined,
    );
  };
  return (
    <button
      ref={placeholder}
      type="button"
      aria-haspopup="menu"
      aria-expanded="false"
      className={applicationMenuButtonClasses}
      onPointerEnter={want}
      onFocus={want}
      onPointerDown={(event) => {
        // The code may arrive between pointer-down and click (the click then lands nowhere).
        if (event.button === 0) openWhenLoaded.current = true;
      }}
      onClick={() => {
        openWhenLoaded.current = true;
        want();
      }}
    >
      <ApplicationMenuLabel current={props.applications.find((app) => app.id === props.currentId)} />
    </button>
  );
}
