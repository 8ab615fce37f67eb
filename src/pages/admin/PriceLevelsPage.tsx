import { lazy, Suspense, useCallback, useEffect, useId } from "react";
import { levelEdit, type PriceLevelInConsole } from "../../../schemas/levels";
import { useAdminServices } from "../../app/AppServices";
import { useLoad } from "../../app/useLoad";
import { usePageTitle } from "../../app/usePageTitle";
import { LoadFailed } from "../../components/LoadFailed";
import { LoadBoundary, reloadPage, withTimeout } from "../../components/lazyPage";
import { formatNaira } from "../../format/money";
import { SchemaForm } from "../../forms/SchemaForm";
import { LevelCaps } from "./priceLevels/LevelCaps";
import "./admin.css";

// The fixed data plan prices come after the editors have drawn, so the page's first download stays
// the levels' forms alone. Fetched as the page opens, beside the levels themselves.
const loadPlanPrices = withTimeout(() => import("./priceLevels/LevelPlanPrices"));
const LevelPlanPrices = lazy(loadPlanPrices);

/**
 * The price levels, lowest first, each in a form drawn from the shared `levelEdit` schema: its name,
 * the fee a customer pays from the wallet to move up to it, and its extra discount per service on
 * top of each product's own price. Every save is audited as level.update.
 */
export default function PriceLevelsPage() {
  const { admin } = useAdminServices();
  const levels = useLoad(useCallback(() => admin.levels(), [admin]));
  usePageTitle("Price levels");
  // Its code is asked for beside the levels, rather than once their cards draw; a failure shows there.
  useEffect(() => void loadPlanPrices().catch(() => {}), []);
  const data = levels.state === "failed" ? undefined : levels.data;

  return (
    <div className="admin-page">
      <h1>Price levels</h1>
      <p className="muted">
        Everyone starts at the first level. Agents and resellers buy for less: each discount here comes off a
        product's own price, on top of any discount it has, but never below what the product costs us (on
        electricity, never more than its fee): each level says where that caps its discount, and by how much.
        A level may fix a data plan's price instead of its discount: never above the plan's own price, and it
        too stops at the plan's cost. Resellers and API users may hold API keys.
      </p>
      {levels.state === "loading" && !data && (
        <p role="status" className="muted">
          Loading the levels…
        </p>
      )}
      {levels.state === "failed" && (
        <LoadFailed message="We could not load the levels." retry={levels.retry} />
      )}
      {data?.map((level) => (
        <LevelCard key={level.slug} level={level} onSaved={levels.retry} />
      ))}
    </div>
  );
}

function LevelCard({ level, onSaved }: { level: PriceLevelInConsole; onSaved: () => void }) {
  const { admin } = useAdminServices();
  const headingId = useId();
  const { slug, position: _position, api_access, updated_at: _updated, capped: _capped, ...values } = level;
  return (
    <section className="card" aria-labelledby={headingId}>
      <h2 id={headingId}>{level.name}</h2>
      <p className="muted">
        {level.upgrade_fee === 0 ? "No upgrade fee" : `Upgrade fee ${formatNaira(level.upgrade_fee)}`}
        {api_access ? " · may hold API keys" : ""}
      </p>
      <SchemaForm
        schema={levelEdit}
        values={values}
        submitLabel={`Save ${level.name}`}
        onSubmit={async (body) => {
          await admin.patchLevel(slug, body);
          onSaved();
        }}
      />
      <LevelCaps level={level} />
      {/* A part that did not load says so in its card; the editors above stay usable. */}
      <LoadBoundary
        failed={
          // A failed chunk stays failed in React.lazy's cache: trying again loads the page afresh.
          <LoadFailed
            message="The fixed data plan prices did not load. Your connection may be slow or offline."
            retry={reloadPage}
          />
        }
      >
        <Suspense
          fallback={
            <p role="status" className="part-loading muted">
              Loading the fixed prices…
            </p>
          }
        >
          <LevelPlanPrices level={level} />
        </Suspense>
      </LoadBoundary>
    </section>
  );
}
