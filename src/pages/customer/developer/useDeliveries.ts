import { useCallback, useEffect, useState } from "react";
import type { DeveloperApi } from "../../../api/developerApi";
import { useLoad } from "../../../app/useLoad";

/** How often the list is read again while a delivery is still pending and the page is in view. */
export const deliveriesPollMs = 3000;

/**
 * A page of the account's webhook deliveries, newest first, read again every few seconds while any
 * on it is pending (the worker is still trying) and the page is visible, so its outcome shows without
 * a reload; a hidden tab asks nothing until it is shown again.
 */
export function useDeliveries(api: DeveloperApi, pageSize = 10) {
  const [page, setPage] = useState(1);
  const list = useLoad(
    useCallback(() => api.deliveries({ page, page_size: pageSize }), [api, page, pageSize]),
  );
  const data = list.state === "failed" ? undefined : list.data;
  // False while a read is out, so each answer that is still pending schedules the next read.
  const pending = list.state === "ready" && data?.results.some((delivery) => delivery.status === "pending");
  const { retry } = list;
  useEffect(() => {
    if (!pending) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const schedule = () => {
      clearTimeout(timer);
      if (document.visibilityState === "visible") timer = setTimeout(retry, deliveriesPollMs);
    };
    schedule();
    document.addEventListener("visibilitychange", schedule);
    return () => {
      clearTimeout(timer);
      document.removeEventListener("visibilitychange", schedule);
    };
  }, [pending, retry]);
  return { list, data, page, setPage };
}
