/**
 * What the app asks for when it opens at the dashboard, sent by a script of its own before the app's
 * code has arrived: the server puts this chunk in the dashboard's HTML as an async module script
 * (src/routeModules.ts, `early`), so the session's profile check, the wallet, the latest transactions,
 * the circulars and the status are on their way while the app's code still downloads, and the page
 * finds their answers waiting when it draws, instead of asking only once its code has loaded and run.
 * CustomerArea, opening there, imports this module too (the same URL, so the same module: it runs
 * once) and hands takeEarlyResponse to the API client, whose own requests then take these answers,
 * so nothing is asked twice.
 *
 * Self-contained on purpose: it reads the saved session straight from localStorage and sends with
 * fetch, since importing the client, the schemas or clientStore would make this script wait for the
 * chunks it is meant to run ahead of.
 */

/** The paths the API client asks for them by, after the API's base (tests/unit/dashboardEarlyRequests checks). */
export const dashboardReads = [
  "auth/profile/",
  "core/customer/wallet/",
  "core/customer/transactions/?page=1&page_size=5",
  "core/customer/circulars/",
  "status/",
] as const;

const apiBase = (import.meta.env.VITE_API_BASE ?? "/api").replace(/\/$/, "");

/** Sent and not yet taken, by URL and the Authorization header they carry. */
const waiting = new Map<string, Promise<Response>>();
const keyOf = (url: string, authorization: string) => `${url} ${authorization}`;

function savedItem(key: string): unknown {
  try {
    const raw = localStorage.getItem(key);
    return raw === null ? null : JSON.parse(raw);
  } catch {
    return null; // storage switched off, or not JSON: no saved session to send with
  }
}

/** The dashboard, or /app, which leads there. */
export const isDashboardPath = (path: string) => /^\/app(\/dashboard)?\/?$/.test(path);

/**
 * At the dashboard with a customer's saved session (clientStore's keys, as sessionActors reads them),
 * sends the reads. Staff, whose sessions cannot read a wallet, are left to the guard; so is anyone
 * without a session.
 */
export function sendDashboardReads(path: string) {
  if (!isDashboardPath(path)) return;
  let token: string | null = null;
  try {
    token = localStorage.getItem("token");
  } catch {
    return;
  }
  const profile = savedItem("userData") as { role?: unknown } | null;
  if (!token || savedItem("isAuth") !== true || profile?.role !== "customer") return;
  const authorization = `Bearer ${token}`;
  for (const path of dashboardReads) {
    const url = `${apiBase}/${path}`;
    const answer = fetch(url, { headers: { authorization } });
    // One never taken (the customer left at once) must not surface as an unhandled rejection.
    answer.catch(() => {});
    waiting.set(keyOf(url, authorization), answer);
  }
}

/**
 * The answer to a GET already sent here with the same URL and Authorization header, once; undefined
 * for anything else (another request, another session, or one already taken: a retry asks afresh).
 */
export function takeEarlyResponse(url: string, init?: RequestInit): Promise<Response> | undefined {
  sweepSoon();
  if ((init?.method ?? "GET").toUpperCase() !== "GET") return undefined;
  const key = keyOf(url, new Headers(init?.headers).get("authorization") ?? "");
  const answer = waiting.get(key);
  waiting.delete(key);
  return answer;
}

let sweeping = false;

/**
 * Once the app asks, what it has not taken within a few seconds it never will (it asked before this
 * module was handed to it, or the customer moved on): those answers' bodies are let go, so their
 * connections are free and the page has nothing left loading.
 */
function sweepSoon() {
  if (sweeping) return;
  sweeping = true;
  setTimeout(() => {
    for (const answer of waiting.values()) answer.then((response) => response.body?.cancel()).catch(() => {});
    waiting.clear();
    sweeping = false;
  }, 5_000);
}

if (typeof window !== "undefined") sendDashboardReads(window.location.pathname);
