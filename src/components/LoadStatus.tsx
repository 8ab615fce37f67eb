import type { ReactNode } from "react";
import type { Loaded } from "../app/useLoad";
import { LoadFailed } from "./LoadFailed";

/**
 * What a section shows while its data is not there: a line while the first load runs (none once
 * data is `shown`, by default the load's own data, so a reload does not flash it), and why a load
 * failed with a way to try again.
 */
export function LoadStatus({
  load,
  shown = load.state !== "failed" && load.data !== undefined,
  loading,
  failed,
}: {
  load: Loaded<unknown> & { retry: () => void };
  shown?: boolean;
  loading: ReactNode;
  failed: string;
}) {
  return (
    <>
      {load.state === "loading" && !shown && (
        <p role="status" className="muted">
          {loading}
        </p>
      )}
      {load.state === "failed" && <LoadFailed message={failed} retry={load.retry} />}
    </>
  );
}
