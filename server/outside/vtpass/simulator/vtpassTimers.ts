/**
 * Every wait the simulator starts (latency, late answers, hung requests, settling, webhook retries),
 * so `close()` can end them all at once. Timers are unref'ed: a simulator never keeps Node alive.
 */
export function createSimulatorTimers() {
  const cancels = new Set<() => void>();
  let closed = false;

  return {
    /**
     * Waits `ms` (null: until stopped). True when the time ran out; false when `signal` aborted
     * first (the client went away) or the simulator closed.
     */
    sleep(ms: number | null, signal?: AbortSignal): Promise<boolean> {
      if (closed || signal?.aborted) return Promise.resolve(false);
      if (ms !== null && ms <= 0) return Promise.resolve(true);
      return new Promise((resolve) => {
        const finish = (ranOut: boolean) => {
          if (timer) clearTimeout(timer);
          signal?.removeEventListener("abort", stop);
          cancels.delete(stop);
          resolve(ranOut);
        };
        const stop = () => finish(false);
        const timer = ms === null ? undefined : setTimeout(() => finish(true), ms);
        timer?.unref();
        signal?.addEventListener("abort", stop, { once: true });
        cancels.add(stop);
      });
    },

    /** Runs `task` after `ms`, unless the simulator closes first. */
    after(ms: number, task: () => void) {
      if (closed) return;
      const timer = setTimeout(() => {
        cancels.delete(cancel);
        task();
      }, ms);
      timer.unref();
      const cancel = () => {
        clearTimeout(timer);
        cancels.delete(cancel);
      };
      cancels.add(cancel);
    },

    close() {
      closed = true;
      for (const cancel of [...cancels]) cancel();
    },
  };
}

export type SimulatorTimers = ReturnType<typeof createSimulatorTimers>;
