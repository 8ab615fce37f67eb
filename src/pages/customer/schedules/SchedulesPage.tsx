import { useCallback, useState } from "react";
import type { TvProvider } from "../../../../schemas/catalogue";
import type { Schedule } from "../../../../schemas/schedules";
import type { ScheduleApi } from "../../../api/scheduleApi";
import { useCustomerServices } from "../../../app/AppServices";
import { useLoad } from "../../../app/useLoad";
import { usePageTitle } from "../../../app/usePageTitle";
import { LoadFailed } from "../../../components/LoadFailed";
import { loadBulkOffers } from "../bulk/bulkCatalogue";
import { customerPages } from "../customerNav";
import { ScheduleCard } from "./ScheduleCard";
import { ScheduleForm } from "./ScheduleForm";
import { runTime } from "./scheduleWords";
import "../purchase/purchase.css";
import "./schedules.css";

const title = customerPages.find((page) => page.path === "/schedules")?.title ?? "Scheduled purchases";

interface Loaded {
  api: ScheduleApi;
  offers: Awaited<ReturnType<typeof loadBulkOffers>>;
  tvProviders: TvProvider[];
  schedules: Schedule[];
}

/** Airtime or data bought on a calendar with the PIN given once: made, followed, paused, resumed, deleted. */
export default function SchedulesPage() {
  const { customer } = useCustomerServices();
  usePageTitle(title);
  const load = useCallback(async (): Promise<Loaded> => {
    const api = await customer.schedules();
    const [offers, tvProviders, list] = await Promise.all([
      loadBulkOffers(customer),
      customer.tvProviders(),
      api.list(),
    ]);
    return { api, offers, tvProviders, schedules: list.results };
  }, [customer]);
  const loaded = useLoad(load);
  const [made, setMade] = useState<Schedule | null>(null);
  const [changes, setChanges] = useState<Record<string, Schedule | null>>({});
  const [added, setAdded] = useState<Schedule[]>([]);

  if (loaded.state === "failed")
    return <LoadFailed card message="Your schedules could not be loaded." retry={loaded.retry} />;
  if (loaded.state !== "ready")
    return (
      <p className="card" role="status">
        Loading…
      </p>
    );
  const { api, offers, tvProviders } = loaded.data;
  const shown = [...added, ...loaded.data.schedules]
    .filter((s) => changes[s.id] !== null)
    .map((s) => changes[s.id] ?? s);
  return (
    <div className="schedules">
      <h1>{title}</h1>
      <p>
        Airtime or data bought for you on a calendar, from your wallet. A run the wallet cannot pay is skipped
        and you are told; three in a row pause the schedule.
      </p>
      <ScheduleForm
        api={api}
        offers={offers}
        tvProviders={tvProviders}
        onMade={(schedule) => {
          setMade(schedule);
          setAdded((list) => [schedule, ...list]);
        }}
      />
      {made && (
        <div className="card schedule-made" role="status">
          <p>Scheduled: {made.description}. Its next runs:</p>
          <ol className="schedule-runs">
            {made.next_runs.map((at) => (
              <li key={at}>{runTime(at)}</li>
            ))}
          </ol>
        </div>
      )}
      <h2>Your schedules</h2>
      {shown.length === 0 ? (
        <p>You have no schedules yet.</p>
      ) : (
        <ul className="schedule-list">
          {shown.map((schedule) => (
            <ScheduleCard
              key={schedule.id}
              schedule={schedule}
              api={api}
              onChanged={(next) => setChanges((all) => ({ ...all, [schedule.id]: next }))}
            />
          ))}
        </ul>
      )}
    </div>
  );
}
