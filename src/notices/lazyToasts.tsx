import { type ComponentType, useSyncExternalStore } from "react";
import type { NoticeSink } from "../api/client";
import { noticeStore } from "./noticeStore";

/** What ./toasts offers: the toast library's sink and its container. */
export interface ToastLibrary {
  showToast: NoticeSink;
  Toasts: ComponentType;
}

/**
 * Toasts whose library (react-toastify and its CSS, 10 kB gzip) loads with the first toast rather
 * than with any page: `showToast` takes a notice at once, and `ToastHost`, placed once in the app,
 * draws the container once the library is here. A toast raised before the container mounts waits in
 * the library's queue. When the library cannot load (offline, when most failures happen), the notice
 * shows in the Notifier, which is already on the page, and the next toast tries the library again.
 */
export function lazyToasts(load: () => Promise<ToastLibrary>) {
  let library: Promise<ToastLibrary> | undefined;
  let container: ComponentType | null = null;
  const listeners = new Set<() => void>();
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };
  const loadedContainer = () => container;

  function loadOnce(): Promise<ToastLibrary> {
    library ??= load().then(
      (loaded) => {
        if (!container) {
          container = loaded.Toasts;
          for (const listener of listeners) listener();
        }
        return loaded;
      },
      (error: unknown) => {
        library = undefined;
        throw error;
      },
    );
    return library;
  }

  const showToast: NoticeSink = (notice) => {
    loadOnce().then(
      (loaded) => loaded.showToast(notice),
      () => noticeStore.show(notice),
    );
  };

  function ToastHost() {
    const Container = useSyncExternalStore(subscribe, loadedContainer, loadedContainer);
    return Container ? <Container /> : null;
  }

  return { showToast, ToastHost };
}

/** The app's toasts: react-toastify arrives with the first one. */
export const { showToast, ToastHost } = lazyToasts(() => import("./toasts"));
