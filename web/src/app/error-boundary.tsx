import { Component, type ReactNode } from 'react';
import { ErrorRoute } from './routes/error';

type Props = { children: ReactNode; /** A new location clears the error. */ location: string };
type State = { failedAt: string | null };

/** Last resort when a page throws while rendering (or its chunk fails to load). */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { failedAt: null };

  static getDerivedStateFromError(): Partial<State> {
    return { failedAt: '' };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    if (state.failedAt === '') return { failedAt: props.location };
    if (state.failedAt !== null && state.failedAt !== props.location) return { failedAt: null };
    return null;
  }

  override componentDidCatch(error: unknown): void {
    console.error(error);
  }

  override render() {
    return this.state.failedAt === null ? this.props.children : <ErrorRoute />;
  }
}
