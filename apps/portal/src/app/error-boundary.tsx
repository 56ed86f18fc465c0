import { Component, type ReactNode } from 'react';
import { isChunkLoadError, toPortalError, type PortalError } from '@portal/core';

interface Props {
  readonly fallback: (error: PortalError) => ReactNode;
  readonly resetKey: string;
  readonly children?: ReactNode;
}

interface State {
  /** The page's error; `undefined` clears it (a partial state update cannot leave a key out to remove it). */
  readonly error?: PortalError | undefined;
  readonly key: string;
}

/** Page errors show the error page (spec §8); a route change resets it. */
export class PageErrorBoundary extends Component<Props, State> {
  override state: State = { key: '' };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    if (!isChunkLoadError(error)) console.error(error);
    return { error: toPortalError(error) };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey === state.key ? null : { key: props.resetKey, error: undefined };
  }

  override render() {
    return this.state.error === undefined ? this.props.children : this.props.fallback(this.state.error);
  }
}
