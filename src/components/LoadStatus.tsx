import type { ReactNode } from "react";
import type { Loaded } from "../app/useLoad";
import { LoadFailed } from "./LoadFailed";

/**
 * What a section shows while its data is not there: a line while the first load runs (none once
 * data is `shown`, so a reload does not flash it), and why a load failed with a way to try again.
 */
export function LoadStatus({
  load,
  shown,
  loading,
  failed,
}: {
  load: Pick<Loaded<unknown>, "state"> & { retry: () => void };
  shown: boolean;
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
