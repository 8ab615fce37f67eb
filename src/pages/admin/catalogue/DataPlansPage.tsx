import { useCallback, useId, useState } from "react";
import { networks, planTypeLabels } from "../../../../schemas/catalogue";
import { dataNetworkEdit, dataPlanEdit } from "../../../../schemas/catalogueEditors";
import { networkDataIdPut } from "../../../../schemas/catalogueOffers";
import { dataPlanCreate, type StaffDataPlan } from "../../../../schemas/catalogueStaff";
import { useAdminServices } from "../../../app/AppServices";
import { useLoad } from "../../../app/useLoad";
import { usePageTitle } from "../../../app/usePageTitle";
import { LoadFailed } from "../../../components/LoadFailed";
import { formatNaira } from "../../../format/money";
import { SchemaForm } from "../../../forms/SchemaForm";
import { OfferSummary, planOffers } from "./OfferList";
import { PlanList } from "./PlanList";
import { PlanSyncPanel } from "./PlanSyncPanel";
import "../admin.css";
import "./catalogue.css";

const categoryLabels: Record<StaffDataPlan["category"], string> = {
  daily: "Daily",
  weekly: "Weekly",
  monthly: "Monthly",
};

const planColumns = [
  { label: "Size", value: (plan: StaffDataPlan) => plan.size },
  { label: "Validity", value: (plan: StaffDataPlan) => plan.validity },
  { label: "Kind", value: (plan: StaffDataPlan) => categoryLabels[plan.category] },
  { label: "Type", value: (plan: StaffDataPlan) => planTypeLabels[plan.plan_type] },
  { label: "Price", value: (plan: StaffDataPlan) => formatNaira(plan.price), numeric: true },
  { label: "Offers", value: (plan: StaffDataPlan) => <OfferSummary offers={plan.offers} /> },
  { label: "Sales", value: (plan: StaffDataPlan) => (plan.has_sales ? "Yes" : "None yet") },
] as const;

const createFields = [
  "code",
  "name",
  "size",
  "validity",
  "category",
  "plan_type",
  "price",
  "provider",
  "variation_code",
  "cost",
  "enabled",
] as const;

/** /admin/manage-databundle/{id}: a network's data switch and its plans (1=MTN, 2=GLO, 3=9Mobile, 4=Airtel). */
export default function DataPlansPage({ id }: { id: number }) {
  const { admin } = useAdminServices();
  const name = networks.find((network) => network.id === id)?.name ?? `Network ${id}`;
  const title = `${name} data plans`;
  usePageTitle(title);
  const switches = useLoad(useCallback(() => admin.dataNetworks(), [admin]));
  const loadPlans = useCallback(() => admin.dataPlans(id), [admin, id]);
  const switchId = useId();
  // While a save reloads the switch, the card keeps what it had rather than blanking out.
  const known = switches.state === "failed" ? undefined : switches.data;
  const network = known?.find((n) => n.id === id);
  // An import from the provider changes the plans under the list: a new key draws it afresh.
  const [imports, setImports] = useState(0);

  return (
    <div className="admin-page">
      <h1>{title}</h1>
      <section
        className="card control-card"
        aria-labelledby={switchId}
        aria-busy={switches.state === "loading"}
      >
        <h2 id={switchId}>{name} data</h2>
        <p className="muted">Off stops every {name} data plan at once; each plan keeps its own switch.</p>
        {switches.state === "loading" && !known && (
          <p role="status" className="muted">
            Loading…
          </p>
        )}
        {switches.state === "failed" && (
          <LoadFailed message={`We could not load the ${name} switch.`} retry={switches.retry} />
        )}
        {network && (
          <SchemaForm
            schema={dataNetworkEdit}
            values={network}
            onlyChanges
            submitLabel={`Save ${name} data`}
            onSubmit={async (changes) => {
              await admin.patchDataNetwork({ id, ...changes });
              switches.retry();
            }}
          />
        )}
        {network && (
          <>
            <h3>Each provider's id for {name} data</h3>
            <p className="muted">
              Where "Sync from provider" lists its plans, and the id its offers for these plans are sent with.
            </p>
            <ul>
              {network.data_ids.map((dataId) => (
                <li key={dataId.provider}>
                  {dataId.label} (<code>{dataId.provider}</code>): <code>{dataId.service_id}</code>
                </li>
              ))}
            </ul>
            <SchemaForm
              schema={networkDataIdPut}
              values={{ network_id: id }}
              fields={["provider", "service_id"]}
              submitLabel={`Save the provider's id for ${name} data`}
              onSubmit={async (body) => {
                await admin.putNetworkDataId(body);
                switches.retry();
              }}
            />
          </>
        )}
      </section>
      <PlanSyncPanel
        networkId={id}
        providers={network?.data_ids ?? []}
        onImported={() => setImports((n) => n + 1)}
      />
      <PlanList
        key={imports}
        noun="plan"
        load={loadPlans}
        columns={planColumns}
        editSchema={dataPlanEdit}
        update={(planId, changes) => admin.patchDataPlan(planId, changes)}
        creation={{
          schema: dataPlanCreate,
          values: { control_id: id, category: "daily", plan_type: "direct", enabled: true },
          fields: createFields,
          create: (body) => admin.createDataPlan(body),
        }}
        remove={(planId) => admin.deleteDataPlan(planId)}
        details={planOffers("data")}
      />
    </div>
  );
}
