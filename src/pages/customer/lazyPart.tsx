import { type Attributes, type ComponentType, lazy, type ReactNode, Suspense } from "react";
import { LoadBoundary, reloadPage, withTimeout } from "../../components/lazyPage";

/**
 * A part of a customer page whose code loads after the page has drawn: a form, with react-hook-form,
 * which is the largest library the customer pages use. The page shows `placeholder` meanwhile (a
 * labelled loading state the size of the part, so nothing moves when it arrives), and if the code has
 * not come in 120 s or failed, a load error in the part's place, as lazyPage does for a whole page.
 * The part's code is fetched when it first renders.
 */
export function lazyPart<P extends object>(load: () => Promise<ComponentType<P>>) {
  const Part = lazy(withTimeout(() => load().then((component) => ({ default: component }))));
  return function LazyPart({ placeholder, ...props }: P & { placeholder: ReactNode }) {
    return (
      // The error in the part's place rather than lazyPage's whole-page one: the rest of the page stays usable.
      <LoadBoundary failed={<PartLoadError />}>
        <Suspense fallback={placeholder}>
          <Part {...(props as unknown as P & Attributes)} />
        </Suspense>
      </LoadBoundary>
    );
  };
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
