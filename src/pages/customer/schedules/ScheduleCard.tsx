import { useState } from "react";
import type { Schedule, ScheduleRun } from "../../../../schemas/schedules";
import type { ScheduleApi } from "../../../api/scheduleApi";
import { formatDate } from "../../../format/formatDate";
import { formatNaira } from "../../../format/money";
import { runTime, statusWords, whenItRuns } from "./scheduleWords";

const runWords = (run: ScheduleRun) =>
  run.status === "skipped"
    ? `Skipped: ${run.msg ?? "it could not go."}`
    : `${run.status[0]?.toUpperCase()}${run.status.slice(1)}${run.total !== null ? `, ${formatNaira(run.total)}` : ""}`;

/** One schedule: what it buys and when, its next runs, its last runs on request, pause, resume and delete. */
export function ScheduleCard({
  schedule,
  api,
  onChanged,
}: {
  schedule: Schedule;
  api: ScheduleApi;
  onChanged: (next: Schedule | null) => void;
}) {
  const [runs, setRuns] = useState<ScheduleRun[] | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [deleting, setDeleting] = useState(false);
  const act = async (work: () => Promise<Schedule | null>) => {
    setFailure(null);
    try {
      onChanged(await work());
    } catch (error) {
      setFailure(error instanceof Error ? error.message : "That did not work. Try again.");
    }
  };
  const headingId = `schedule-${schedule.id}`;
  return (
    <li className="card schedule" aria-labelledby={headingId}>
      <h3 id={headingId}>{schedule.description}</h3>
      <p>
        {whenItRuns(schedule)} · <strong>{statusWords[schedule.status]}</strong>
        {schedule.paused_reason && ` (${schedule.paused_reason})`}
      </p>
      {schedule.verified_name && (
        <p>
          Smartcard of {schedule.verified_name}
          {schedule.due_date && `, due ${formatDate(schedule.due_date)}`}
        </p>
      )}
      {schedule.next_runs.length > 0 && (
        <details>
          <summary>Next: {runTime(schedule.next_runs[0] as string)}</summary>
          <ol className="schedule-runs">
            {schedule.next_runs.map((at) => (
              <li key={at}>{runTime(at)}</li>
            ))}
          </ol>
        </details>
      )}
      {runs &&
        (runs.length === 0 ? (
          <p>No runs yet.</p>
        ) : (
          <ol className="schedule-runs" aria-label="Last runs">
            {runs.map((run) => (
              <li key={run.period}>
                {runTime(run.period)}: {runWords(run)}
              </li>
            ))}
          </ol>
        ))}
      {failure && <p role="alert">{failure}</p>}
      <div className="wizard-actions">
        {!runs && (
          <button
            type="button"
            className="button secondary"
            onClick={() =>
              act(async () => {
                setRuns((await api.read(schedule.id)).runs);
                return schedule;
              })
            }
          >
            Last runs
          </button>
        )}
        <button
          type="button"
          className="button secondary"
          onClick={() =>
            act(async () => await api.change(schedule.id, schedule.status === "active" ? "pause" : "resume"))
          }
        >
          {schedule.status === "active" ? "Pause" : "Resume"}
        </button>
        {deleting ? (
          <button
            type="button"
            className="button danger"
            onClick={() =>
              act(async () => {
                await api.remove(schedule.id);
                return null;
              })
            }
          >
            Delete for good
          </button>
        ) : (
          <button type="button" className="button secondary" onClick={() => setDeleting(true)}>
            Delete
          </button>
        )}
      </div>
    </li>
  );
}
