import { Component, type ComponentType, lazy, type ReactNode, Suspense } from "react";
import { LogoSpinner } from "./LogoSpinner";

/** Spec section 9: a page whose code has not arrived in 120 s is a load error. */
export const chunkLoadTimeoutMs = 120_000;

export class ChunkLoadTimeout extends Error {
  constructor() {
    super("The page took too long to load.");
    this.name = "ChunkLoadTimeout";
  }
}

export function withTimeout<T>(load: () => Promise<T>, ms: number = chunkLoadTimeoutMs): () => Promise<T> {
  return () =>
    new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => reject(new ChunkLoadTimeout()), ms);
      load().then(
        (value) => {
          clearTimeout(timer);
          resolve(value);
        },
        (error) => {
          clearTimeout(timer);
          reject(error);
        },
      );
    });
}

export function LoadError({ onRetry }: { onRetry: () => void }) {
  return (
    <main className="container" style={{ paddingTop: 64, textAlign: "center" }}>
      <h1>This page did not load</h1>
      <p>Your connection may be slow or offline. Nothing you were doing has been lost.</p>
      <button type="button" className="button" onClick={onRetry}>
        Try again
      </button>
    </main>
  );
}

/** Shows `failed` in place of its children once a lazily loaded chunk in them has failed or timed out. */
export class LoadBoundary extends Component<{ children: ReactNode; failed: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? this.props.failed : this.props.children;
  }
}

/** A failed chunk stays failed in React.lazy's cache, so retrying means loading the page afresh. */
export const reloadPage = () => window.location.reload();

/** A route's page, loaded when first shown, with the logo spinner meanwhile and the load error after 120 s. */
// biome-ignore lint/suspicious/noExplicitAny: page components take any props
export function lazyPage<P extends Record<string, any>>(load: () => Promise<{ default: ComponentType<P> }>) {
  const Page = lazy(withTimeout(load));
  // Called once per route at module level, like React.lazy itself, so the component is stable.
  return function LazyPage(props: P) {
    return (
      <LoadBoundary failed={<LoadError onRetry={reloadPage} />}>
        <Suspense fallback={<LogoSpinner />}>
          <Page {...props} />
        </Suspense>
      </LoadBoundary>
    );
  };
}
