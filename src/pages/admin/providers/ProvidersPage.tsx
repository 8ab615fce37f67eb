import { useCallback, useEffect, useId, useRef, useState } from "react";
import type { ProviderChangeBody, ProvidersOverview, RouteView } from "../../../../schemas/providers";
import { showOnScreen } from "../../../api/client";
import { useAdminServices } from "../../../app/AppServices";
import { useLoad } from "../../../app/useLoad";
import { usePageTitle } from "../../../app/usePageTitle";
import { LoadStatus } from "../../../components/LoadStatus";
import { ProviderCard } from "./ProviderCard";
import { moveButtonId, RouteTables, routeKey } from "./RouteTables";
import "../admin.css";
import "../console.css";
import "./providers.css";

/** Where the last refused change was made ("provider:vtpass", "airtime:1"), so its words show there. */
type Refused = { key: string; error: unknown } | null;

/**
 * /admin/providers: each provider OjaPay buys from, and the order each route tries them in. Every
 * change is saved at once and answered with the whole overview, which is what the page then shows.
 */
export default function ProvidersPage() {
  usePageTitle("Providers");
  const { admin } = useAdminServices();
  const loaded = useLoad(useCallback(() => admin.providers(), [admin]));
  const [overview, setOverview] = useState<ProvidersOverview>();
  const [busy, setBusy] = useState<string | null>(null);
  const [refused, setRefused] = useState<Refused>(null);
  const routesHeading = useId();

  // A load (the first, or Try again) replaces what the page shows; so does each write's answer.
  const loadedData = loaded.state === "ready" ? loaded.data : undefined;
  useEffect(() => {
    if (loadedData) setOverview(loadedData);
  }, [loadedData]);

  /** One change saved at once; its answer replaces the page, its refusal shows where it was made. */
  const apply = async (key: string, write: () => Promise<ProvidersOverview>) => {
    setBusy(key);
    setRefused(null);
    try {
      setOverview(await write());
      return true;
    } catch (error) {
      // Said where the change was made, not toasted as well.
      showOnScreen(error);
      setRefused({ key, error });
      return false;
    } finally {
      setBusy(null);
    }
  };

  const changeProvider = (name: string, body: ProviderChangeBody) =>
    void apply(`provider:${name}`, () => admin.changeProvider(name, body));

  /** The provider just moved, whose button takes focus once the answer has been drawn. */
  const moving = useRef<{ route: RouteView; provider: string; way: "up" | "down" } | null>(null);
  useEffect(() => {
    const moved = moving.current;
    if (!overview || !moved) return;
    moving.current = null;
    // At the top or bottom the pressed button is disabled: focus goes to the provider's other one.
    const same = document.getElementById(moveButtonId(moved.route, moved.provider, moved.way));
    const other = moveButtonId(moved.route, moved.provider, moved.way === "up" ? "down" : "up");
    const target =
      same instanceof HTMLButtonElement && !same.disabled ? same : document.getElementById(other);
    target?.focus();
  }, [overview]);

  const saveRoute = async (
    route: RouteView,
    providers: string[],
    moved?: { provider: string; way: "up" | "down" },
  ) => {
    moving.current = moved ? { route, ...moved } : null;
    const body = { service: route.service, scope: route.scope, providers };
    if (!(await apply(routeKey(route), () => admin.saveRoute(body)))) moving.current = null;
  };

  const labelOf = (name: string) => overview?.providers.find((p) => p.name === name)?.label ?? name;

  return (
    <div className="admin-page console-page providers-page">
      <h1>Providers</h1>
      <p className="muted">
        Who OjaPay buys from, how each has done over the last half hour, and the order each purchase tries
        them in. A provider switched off, with its circuit open, too poor for the cost or below its success
        floor is skipped.
      </p>
      <LoadStatus
        load={loaded}
        shown={Boolean(overview)}
        loading="Loading the providers…"
        failed="We could not load the providers."
      />
      {overview && (
        <>
          {overview.simulated && <p className="muted">Simulated providers: no real money.</p>}
          <div className="provider-grid">
            {overview.providers.map((provider) => (
              <ProviderCard
                key={provider.name}
                provider={provider}
                busy={busy === `provider:${provider.name}`}
                refusal={refused?.key === `provider:${provider.name}` ? refused.error : undefined}
                change={(body) => changeProvider(provider.name, body)}
                saveSettings={async (body) => setOverview(await admin.changeProvider(provider.name, body))}
              />
            ))}
          </div>
          <section className="provider-routes" aria-labelledby={routesHeading}>
            <h2 id={routesHeading}>Routes</h2>
            <p className="muted">
              A purchase takes the most particular route saved for it (a network's plan type, then the
              network, then the whole service), else the providers' default order. Moving a provider saves the
              route at once.
            </p>
            <RouteTables
              routes={overview.routes}
              labelOf={labelOf}
              save={(route, providers, moved) => void saveRoute(route, providers, moved)}
              busy={busy}
              refusal={refused}
            />
          </section>
        </>
      )}
    </div>
  );
}
