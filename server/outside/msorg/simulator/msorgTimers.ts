/**
 * Every wait the simulator starts (latency, late answers, settling), so `close()` ends them all.
 * Timers are unref'ed: a simulator never keeps Node alive.
 */
export function createMsorgTimers() {
  const cancels = new Set<() => void>();
  let closed = false;

  return {
    /** Waits `ms`; true when the time ran out, false when `signal` aborted first or the simulator closed. */
    sleep(ms: number, signal?: AbortSignal): Promise<boolean> {
      if (closed || signal?.aborted) return Promise.resolve(false);
      if (ms <= 0) return Promise.resolve(true);
      return new Promise((resolve) => {
        const finish = (ranOut: boolean) => {
          clearTimeout(timer);
          signal?.removeEventListener("abort", stop);
          cancels.delete(stop);
          resolve(ranOut);
        };
        const stop = () => finish(false);
        const timer = setTimeout(() => finish(true), ms);
        timer.unref();
        signal?.addEventListener("abort", stop, { once: true });
        cancels.add(stop);
      });
    },

    /** Runs `task` after `ms`, unless the simulator closes first. */
    after(ms: number, task: () => void) {
      if (closed) return;
      const cancel = () => {
        clearTimeout(timer);
        cancels.delete(cancel);
      };
      const timer = setTimeout(() => {
        cancels.delete(cancel);
        task();
      }, ms);
      timer.unref();
      cancels.add(cancel);
    },

    close() {
      closed = true;
      for (const cancel of [...cancels]) cancel();
    },
  };
}

export type MsorgTimers = ReturnType<typeof createMsorgTimers>;
