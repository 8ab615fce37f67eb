import {
  providersOverview as overviewSchema,
  type ProvidersOverview,
  type ProviderView,
  type RouteView,
} from "../../schemas/providers";

/** A provider as GET sys.admin/providers/ answers it: switched on, circuit closed, healthy. */
export function providerFixture(overrides: Partial<ProviderView> = {}): ProviderView {
  return {
    name: "vtpass",
    label: "VTpass",
    switched_off: false,
    circuit: { state: "closed", failures_in_row: 0, open_until: null, failures_to_open: 5, open_minutes: 5 },
    balance: 12_345_600,
    balance_checked_at: "2026-01-05T09:00:00.000Z",
    balance_error: null,
    low_balance_warning: 5_000_000,
    low: false,
    min_success_percent: 0,
    health: {
      window_minutes: 30,
      successful: 45,
      failed: 3,
      unclear: 2,
      success_percent: 90,
      p50_ms: 420,
      p95_ms: 1_850,
    },
    ...overrides,
  };
}

export const vendorFixture = (overrides: Partial<ProviderView> = {}) =>
  providerFixture({ name: "msorg", label: "SME-data vendor", balance: 800_000_00, ...overrides });

export const routeFixture = (overrides: Partial<RouteView> = {}): RouteView => ({
  service: "airtime",
  scope: "1",
  label: "MTN airtime",
  providers: ["vtpass", "msorg"],
  saved: false,
  ...overrides,
});

/** VTpass and the vendor, the airtime routes for the service and MTN, and a data route; parsed whole. */
export function overviewFixture(overrides: Partial<ProvidersOverview> = {}): ProvidersOverview {
  return overviewSchema.parse({
    simulated: true,
    providers: [providerFixture(), vendorFixture()],
    routes: [
      routeFixture({ scope: "", label: "Airtime" }),
      routeFixture(),
      routeFixture({
        service: "data",
        scope: "1:sme",
        label: "MTN data, SME",
        providers: ["msorg", "vtpass"],
        saved: true,
      }),
      routeFixture({ service: "exam_pin", scope: "", label: "Exam PINs" }),
    ],
    alerts: [],
    ...overrides,
  });
}
