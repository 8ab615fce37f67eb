import { navigate } from "wouter/use-browser-location";
import { showToast } from "../notices/lazyToasts";
import { clientStore } from "../storage/clientStore";
import { accountsApi } from "./accountsApi";
import { createApiClient } from "./client";

const expiryListeners = new Set<() => void>();

/** Lets the session hear that the server ended it, without the client importing the session. */
export function onSessionExpired(listener: () => void) {
  expiryListeners.add(listener);
  return () => expiryListeners.delete(listener);
}

type EarlyResponses = (url: string, init?: RequestInit) => Promise<Response> | undefined;
let earlyResponses: EarlyResponses | undefined;

/**
 * Lets a page's early script (src/pages/customer/dashboardEarlyRequests.ts) answer the requests it
 * already sent, so the client takes those answers instead of asking again.
 */
export function answerFromEarlyRequests(take: EarlyResponses) {
  earlyResponses = take;
}

/** The client the running app uses: the real base URL, storage, router and toasts. */
export const appClient = createApiClient({
  baseURL: import.meta.env.VITE_API_BASE ?? "/api",
  getToken: clientStore.getToken,
  onSessionExpired() {
    clientStore.clear();
    for (const listener of expiryListeners) listener();
    navigate("/auth");
  },
  notify: showToast,
  fetch: (url, init) => earlyResponses?.(String(url), init) ?? fetch(url, init),
});

export const accounts = accountsApi(appClient);
