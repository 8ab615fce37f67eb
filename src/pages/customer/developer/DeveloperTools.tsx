import { ApiGuide, KeyLimits } from "./ApiGuide";
import { ApiKeys } from "./ApiKeys";
import { DeliveriesSection } from "./DeliveriesSection";
import { useDeliveries } from "./useDeliveries";
import { useDeveloperApi } from "./useDeveloperApi";
// With the tools rather than the page: one file fewer for the customer area to name (bench/budgets.json).
import "./developer.css";

/**
 * Everything of the Developer page for an account that may hold keys: its keys (create, webhook URL,
 * test event, revoke), the webhook deliveries, the limits and how to call the API. A test event or a
 * resend reads the deliveries again at once.
 */
export function DeveloperTools() {
  const api = useDeveloperApi();
  const deliveries = useDeliveries(api);
  return (
    <>
      <ApiKeys api={api} onDelivery={deliveries.list.retry} />
      <DeliveriesSection api={api} deliveries={deliveries} />
      <KeyLimits />
      <ApiGuide origin={window.location.origin} />
    </>
  );
}
