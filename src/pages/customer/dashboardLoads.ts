import type { CustomerApi } from "../../api/customerApi";
import { clientStore } from "../../storage/clientStore";

/** The dashboard's requests: the page itself (the wallet and latest transactions) and its extras. */
export function dashboardRequests(customer: CustomerApi) {
  return {
    main: () => Promise.all([customer.wallet(), customer.transactions({ page: 1, page_size: 5 })]),
    circulars: () => customer.circulars(),
    status: () => customer.status(),
  };
}

type Requests = ReturnType<typeof dashboardRequests>;
export type DashboardLoad = keyof Requests;
type Started = { [K in DashboardLoad]?: ReturnType<Requests[K]> };

/** Requests started before the page was drawn, with the token they were sent with. */
let early: { token: string; loads: Started } | null = null;

/**
 * Opened at the dashboard with a customer's saved session: its requests start at once, beside the
 * session's profile check, instead of after the session is restored and the page's code has loaded
 * and drawn (a chain that made them wait for the profile's answer). A stored session the server has
 * ended comes back 401 on these as on the profile, and the API client then ends it and goes to
 * sign-in, as for any request. Staff, whose sessions cannot read a wallet, are left to the guard.
 */
export function startDashboardLoads(customerApi: () => CustomerApi, path: string) {
  if (!/^\/app(\/dashboard)?\/?$/.test(path)) return;
  const token = clientStore.getToken();
  const saved = clientStore.read("userData") as { role?: unknown } | null;
  if (!token || clientStore.read("isAuth") !== true || saved?.role !== "customer") return;
  const requests = dashboardRequests(customerApi());
  const loads: Started = {
    main: requests.main(),
    circulars: requests.circulars(),
    status: requests.status(),
  };
  // A failure is shown by the page that takes the request; one that is never taken (the customer
  // left at once) must not surface as an unhandled rejection.
  for (const load of Object.values(loads)) load.catch(() => {});
  early = { token, loads };
}

/**
 * One of the dashboard's requests: the one already started, once, if it was sent with the session
 * now stored (never another person's answer); otherwise, and on every later draw or retry, a new one.
 */
export function dashboardLoad<K extends DashboardLoad>(
  customer: CustomerApi,
  key: K,
): ReturnType<Requests[K]> {
  const started = early?.token === clientStore.getToken() ? early?.loads[key] : undefined;
  if (early) {
    delete early.loads[key];
    if (started === undefined || Object.keys(early.loads).length === 0) early = null;
  }
  return started ?? (dashboardRequests(customer)[key]() as ReturnType<Requests[K]>);
}
