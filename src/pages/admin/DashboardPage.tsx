import { type ReactNode, useCallback, useId } from "react";
import type { Dashboard } from "../../../schemas/admin";
import type { Statistics } from "../../../schemas/staff";
import { useAdminServices } from "../../app/AppServices";
import { useLoad } from "../../app/useLoad";
import { usePageTitle } from "../../app/usePageTitle";
import { LoadFailed } from "../../components/LoadFailed";
import { kindLabels } from "../../components/TransactionLabels";
import { formatCount } from "../../format/formatCount";
import { formatDate } from "../../format/formatDate";
import { formatNaira } from "../../format/money";
import { useSession } from "../../session/useSession";
import { BarChart } from "./charts/BarChart";
import { LineChart } from "./charts/LineChart";
import { KycLimitsPanel } from "./KycLimitsPanel";
import { ProviderAlerts } from "./ProviderAlerts";
import { ProviderSummary } from "./ProviderSummary";
import { ReconciliationPanel } from "./ReconciliationPanel";
import "./console.css";

const loadFailed = "We could not load the dashboard.";

/**
 * /admin/dashboard. Admins get the full dashboard (sys.admin/dashboard/: totals, customers and the
 * last 30 days); staff may not call sys.admin/ paths, so they get the same totals from
 * core/staff/statistics/ without the charts or customer counts.
 */
export default function DashboardPage({ emergencyPanel }: { emergencyPanel?: ReactNode }) {
  const { profile } = useSession();
  usePageTitle("Dashboard");
  return (
    <div className="console-page">
      <h1>Dashboard</h1>
      {profile?.role === "admin" ? (
        <AdminDashboard emergencyPanel={emergencyPanel} />
      ) : profile ? (
        <StaffDashboard />
      ) : (
        // The guard only opens the area with a profile; this covers the moment it is being restored.
        <p role="status" className="muted">
          Loading…
        </p>
      )}
    </div>
  );
}

function AdminDashboard({ emergencyPanel }: { emergencyPanel: ReactNode }) {
  const { admin } = useAdminServices();
  const dashboard = useLoad(useCallback(() => admin.dashboard(), [admin]));
  return (
    <>
      {/* The emergency switch calls sys.admin/ too, so only an admin's dashboard carries it. */}
      {emergencyPanel}
      {dashboard.state === "loading" && <Loading />}
      {dashboard.state === "failed" && <LoadFailed message={loadFailed} retry={dashboard.retry} />}
      {dashboard.state === "ready" && (
        <>
          <ProviderAlerts alerts={dashboard.data.provider_alerts} />
          <Totals figures={dashboard.data} customers={dashboard.data.customers} />
        </>
      )}
      {/* The providers, the tier limits and the reconciliations call sys.admin/ too: admins only. */}
      <div className="operations-grid">
        <ProviderSummary />
        <KycLimitsPanel />
        <ReconciliationPanel />
      </div>
      {dashboard.state === "ready" && <Charts dashboard={dashboard.data} />}
    </>
  );
}

function StaffDashboard() {
  const { admin } = useAdminServices();
  const statistics = useLoad(useCallback(() => admin.statistics(), [admin]));
  return (
    <>
      {statistics.state === "loading" && <Loading />}
      {statistics.state === "failed" && <LoadFailed message={loadFailed} retry={statistics.retry} />}
      {statistics.state === "ready" && (
        <>
          <ProviderAlerts alerts={statistics.data.provider_alerts} />
          <Totals figures={statistics.data} />
        </>
      )}
    </>
  );
}

function Loading() {
  return (
    <div className="dashboard-loading">
      <p role="status">Loading…</p>
      <div className="skeleton skeleton-card" aria-hidden="true" />
    </div>
  );
}

function StatCard({ title, items }: { title: string; items: Array<[string, string]> }) {
  const id = useId();
  return (
    <section className="card stat-card" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <dl className="stat-list">
        {items.map(([term, value]) => (
          <div key={term}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

const periodItems = (t: Statistics["today"]): Array<[string, string]> => [
  ["Transactions", formatCount(t.count)],
  ["Volume", formatNaira(t.volume)],
  ["Refunds", formatNaira(t.refunds)],
  ["Revenue", formatNaira(t.revenue)],
];

function Totals({ figures, customers }: { figures: Statistics; customers?: Dashboard["customers"] }) {
  return (
    <div className="stat-grid">
      <StatCard title="Today" items={periodItems(figures.today)} />
      <StatCard title="All time" items={periodItems(figures.all_time)} />
      <StatCard title="Pending" items={[["Waiting for the provider", formatCount(figures.pending_count)]]} />
      <StatCard
        title="Disputes"
        items={[
          ["Open", formatCount(figures.disputes.open)],
          ["Past their deadline", formatCount(figures.disputes.overdue)],
        ]}
      />
      {customers && (
        <StatCard
          title="Customers"
          items={[
            ["Total", formatCount(customers.total)],
            ["Joined today", formatCount(customers.joined_today)],
          ]}
        />
      )}
    </div>
  );
}

function ChartCard({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section className="card chart-card" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}

function Charts({ dashboard }: { dashboard: Dashboard }) {
  const days = dashboard.daily.map((d) => ({
    label: formatDate(d.date),
    volume: d.volume,
    revenue: d.revenue,
  }));
  return (
    <div className="chart-grid">
      <ChartCard title="Daily volume, last 30 days">
        <LineChart
          title="Daily volume, last 30 days"
          data={days.map((d) => ({ label: d.label, value: d.volume }))}
          format={formatNaira}
          columns={["Day", "Volume"]}
        />
      </ChartCard>
      <ChartCard title="Daily revenue, last 30 days">
        <BarChart
          title="Daily revenue, last 30 days"
          data={days.map((d) => ({ label: d.label, value: d.revenue }))}
          format={formatNaira}
          columns={["Day", "Revenue"]}
        />
      </ChartCard>
      <ChartCard title="Volume by service">
        <BarChart
          title="Volume by service"
          data={dashboard.by_service.map((s) => ({ label: kindLabels[s.kind], value: s.volume }))}
          format={formatNaira}
          columns={["Service", "Volume"]}
        />
      </ChartCard>
    </div>
  );
}
