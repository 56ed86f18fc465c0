import {
  createContext,
  useContext,
  type ComponentType,
  type ReactNode,
  type AnchorHTMLAttributes,
  type Ref,
} from 'react';

/** Props the ui package passes to a link. `href` is an app path or an absolute URL. */
export type UiLinkProps = AnchorHTMLAttributes<HTMLAnchorElement> & {
  readonly href: string;
  readonly ref?: Ref<HTMLAnchorElement>;
};

function PlainLink({ children, ...props }: UiLinkProps) {
  return <a {...props}>{children}</a>;
}

const UiLinkContext = createContext<ComponentType<UiLinkProps>>(PlainLink);

export interface UiLinkProviderProps {
  /** The router's link (wouter's `Link` works as is); a plain `<a>` without a provider. */
  readonly component: ComponentType<UiLinkProps>;
  readonly children?: ReactNode;
}

/** Lets every ui link navigate through the app's router instead of reloading the page. */
export function UiLinkProvider({ component, children }: UiLinkProviderProps) {
  return <UiLinkContext value={component}>{children}</UiLinkContext>;
}

/** A link rendered through the component of the nearest `UiLinkProvider`. */
export function UiLink(props: UiLinkProps) {
  const Link = useContext(UiLinkContext);
  return <Link {...props} />;
}
