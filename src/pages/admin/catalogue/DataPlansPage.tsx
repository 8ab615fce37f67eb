import { useCallback, useId, useState } from "react";
import { networks } from "../../../../schemas/catalogue";
import { dataNetworkEdit, dataPlanEdit } from "../../../../schemas/catalogueEditors";
import { dataPlanCreate, type StaffDataPlan } from "../../../../schemas/catalogueStaff";
import { useAdminServices } from "../../../app/AppServices";
import { useLoad } from "../../../app/useLoad";
import { usePageTitle } from "../../../app/usePageTitle";
import { LoadFailed } from "../../../components/LoadFailed";
import { formatNaira } from "../../../format/money";
import { SchemaForm } from "../../../forms/SchemaForm";
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
  { label: "Price", value: (plan: StaffDataPlan) => formatNaira(plan.price), numeric: true },
  { label: "Cost price", value: (plan: StaffDataPlan) => formatNaira(plan.cost_price), numeric: true },
  { label: "Sales", value: (plan: StaffDataPlan) => (plan.has_sales ? "Yes" : "None yet") },
] as const;

const createFields = [
  "code",
  "name",
  "size",
  "validity",
  "category",
  "price",
  "cost_price",
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
      </section>
      <PlanSyncPanel networkId={id} onImported={() => setImports((n) => n + 1)} />
      <PlanList
        key={imports}
        noun="plan"
        load={loadPlans}
        columns={planColumns}
        editSchema={dataPlanEdit}
        update={(planId, changes) => admin.patchDataPlan(planId, changes)}
        creation={{
          schema: dataPlanCreate,
          values: { control_id: id, category: "daily", enabled: true },
          fields: createFields,
          create: (body) => admin.createDataPlan(body),
        }}
        remove={(planId) => admin.deleteDataPlan(planId)}
      />
    </div>
  );
}
