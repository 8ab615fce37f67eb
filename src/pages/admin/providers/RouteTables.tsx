import { useId } from "react";
import type { RouteView } from "../../../../schemas/providers";
import { ColumnHeads } from "../../../components/ColumnHeads";
import { Refusal } from "./Refusal";

const serviceTitles: Record<RouteView["service"], string> = {
  airtime: "Airtime",
  data: "Data",
  tv: "Cable TV",
  electricity: "Electricity",
  exam_pin: "Exam PINs",
  recharge_pin: "Recharge cards",
};

export const routeKey = (route: Pick<RouteView, "service" | "scope">) => `${route.service}:${route.scope}`;

/** A move button's id, so focus can follow the provider it moved (see ProvidersPage). */
export const moveButtonId = (route: RouteView, provider: string, way: "up" | "down") =>
  `move-${routeKey(route)}-${provider}-${way}`;

interface RouteTablesProps {
  routes: readonly RouteView[];
  labelOf: (name: string) => string;
  /** Saves at once; `providers` empty goes back to PROVIDERS' order. */
  save: (route: RouteView, providers: string[], moved?: { provider: string; way: "up" | "down" }) => void;
  busy: string | null;
  refusal: { key: string; error: unknown } | null;
}

/** Every route, a table per service, each with its providers in the order they are tried. */
export function RouteTables({ routes, labelOf, save, busy, refusal }: RouteTablesProps) {
  const services = [...new Set(routes.map((route) => route.service))];
  return (
    <>
      {services.map((service) => (
        <ServiceRoutes
          key={service}
          title={serviceTitles[service]}
          routes={routes.filter((route) => route.service === service)}
          labelOf={labelOf}
          save={save}
          busy={busy}
          refusal={refusal}
        />
      ))}
    </>
  );
}

function ServiceRoutes({
  title,
  routes,
  labelOf,
  save,
  busy,
  refusal,
}: RouteTablesProps & { title: string }) {
  const headingId = useId();
  return (
    <section className="card" aria-labelledby={headingId}>
      <h3 id={headingId}>{title} routes</h3>
      <div className="admin-table-scroll">
        <table className="admin-table route-table" aria-labelledby={headingId}>
          <ColumnHeads columns={["Route", "Providers, tried in this order", "Order"]} />
          <tbody>
            {routes.map((route) => (
              <RouteRow
                key={routeKey(route)}
                route={route}
                labelOf={labelOf}
                save={save}
                busy={busy === routeKey(route)}
                refusal={refusal?.key === routeKey(route) ? refusal.error : undefined}
              />
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

function RouteRow({
  route,
  labelOf,
  save,
  busy,
  refusal,
}: {
  route: RouteView;
  labelOf: (name: string) => string;
  save: RouteTablesProps["save"];
  busy: boolean;
  refusal: unknown;
}) {
  const order = route.providers;
  const move = (index: number, way: "up" | "down") => {
    if (busy) return;
    const to = way === "up" ? index - 1 : index + 1;
    const next = [...order];
    [next[index], next[to]] = [next[to] as string, next[index] as string];
    save(route, next, { provider: order[index] as string, way });
  };
  return (
    <tr aria-busy={busy}>
      <th scope="row" data-label="Route" className="admin-table-key">
        {route.label}
      </th>
      <td data-label="Providers">
        <ol className="route-providers">
          {order.map((name, index) => (
            <li key={name}>
              <div className="route-provider">
                <span className="route-provider-name">{labelOf(name)}</span>
                <span className="route-moves">
                  <button
                    type="button"
                    id={moveButtonId(route, name, "up")}
                    className="button secondary route-move"
                    aria-label={`Move ${labelOf(name)} up for ${route.label}`}
                    disabled={index === 0}
                    onClick={() => move(index, "up")}
                  >
                    <span aria-hidden="true">↑</span> Up
                  </button>
                  <button
                    type="button"
                    id={moveButtonId(route, name, "down")}
                    className="button secondary route-move"
                    aria-label={`Move ${labelOf(name)} down for ${route.label}`}
                    disabled={index === order.length - 1}
                    onClick={() => move(index, "down")}
                  >
                    <span aria-hidden="true">↓</span> Down
                  </button>
                </span>
              </div>
            </li>
          ))}
        </ol>
        {refusal !== undefined && <Refusal error={refusal} />}
      </td>
      <td data-label="Order">
        {route.saved ? (
          <button
            type="button"
            className="link-button"
            aria-label={`Use default order for ${route.label}`}
            onClick={() => !busy && save(route, [])}
          >
            Use default order
          </button>
        ) : (
          <span className="muted">Default</span>
        )}
      </td>
    </tr>
  );
}
