import { type Attributes, type ComponentType, lazy, type ReactNode, Suspense, useState } from "react";
import { LoadBoundary, reloadPage, withTimeout } from "../../components/lazyPage";

/** A part made by lazyPart: the component, and a way to start fetching its code before it is drawn. */
export type LazyPart<P> = ComponentType<P & { placeholder: ReactNode }> & {
  /** Starts fetching the part's code now (as the page opens), so it is there when first drawn. */
  preload(): void;
};

/**
 * A part of a customer page whose code loads after the page has drawn: a form, with react-hook-form,
 * which is the largest library the customer pages use, or a modal. The page shows `placeholder`
 * meanwhile (a labelled loading state the size of the part, so nothing moves when it arrives), and if
 * the code has not come in 120 s or failed, a load error in the part's place, as lazyPage does for a
 * whole page. The code is fetched when the part first renders, or earlier through `preload` (a modal,
 * which renders only once opened); once it has arrived the part draws at once, without a frame of
 * placeholder, which matters for a modal that moves focus into itself as it opens.
 */
export function lazyPart<P extends object>(load: () => Promise<ComponentType<P>>): LazyPart<P> {
  let arrived: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  const fetchPart = () => {
    loading ??= withTimeout(load)().then((component) => {
      arrived = component;
      return component;
    });
    return loading;
  };
  const Part = lazy(() => fetchPart().then((component) => ({ default: component })));
  function LazyPart({ placeholder, ...props }: P & { placeholder: ReactNode }) {
    // Chosen once per drawn part: switching from the lazy one to the arrived one on a later draw would
    // be another component to React, which would throw the part's state away (a PIN just set, say).
    const [Drawn] = useState<ComponentType<P>>(() => arrived ?? (Part as unknown as ComponentType<P>));
    return (
      // The error in the part's place rather than lazyPage's whole-page one: the rest of the page stays usable.
      <LoadBoundary failed={<PartLoadError />}>
        <Suspense fallback={placeholder}>
          <Drawn {...(props as unknown as P & Attributes)} />
        </Suspense>
      </LoadBoundary>
    );
  }
  // A failed preload is shown where the part is drawn (React.lazy gets the same failed promise).
  LazyPart.preload = () => void fetchPart().catch(() => {});
  return LazyPart;
}

function PartLoadError() {
  return (
    <p role="alert">
      This part of the page did not load. Your connection may be slow or offline.{" "}
      <button type="button" className="link-button" onClick={reloadPage}>
        Try again
      </button>
    </p>
  );
}
