import { Worker } from "node:worker_threads";

/** The simulated providers the bench serves from threads of their own. */
export type SimulatedProvider = "vtpass" | "msorg";

export interface SimulatorThreadSetup {
  provider: SimulatedProvider;
}

/** What the bench asks of a simulator's thread; each is answered once done. */
export type SimulatorAsk = { kind: "webhooksTo"; appOrigin: string } | { kind: "refusePays"; share: number };

/**
 * A simulated provider in a worker thread of this process, reached over HTTP like the real one. The
 * app would otherwise serve its own simulator on the event loop that serves purchases, and the bench
 * would count the provider's side of every call (parsing the order, answering it) as OjaPay's work; in
 * production that work happens on the provider's machines. The adapter's side of the call (the
 * request, reading the answer) stays in the app and is measured.
 */
async function startSimulatorThread(provider: SimulatedProvider) {
  const tsx = import.meta.resolve("tsx/esm/api");
  const entry = new URL("./simulatorWorker.ts", import.meta.url).href;
  const code = `import(${JSON.stringify(tsx)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(entry)}); });`;
  const setup: SimulatorThreadSetup = { provider };
  const worker = new Worker(code, { eval: true, workerData: setup });
  const port = await new Promise<number>((resolve, reject) => {
    worker.once("error", reject);
    worker.once("message", (message: { port: number }) => {
      worker.off("error", reject);
      resolve(message.port);
    });
  });

  const waiting = new Map<number, { resolve(): void; reject(error: Error): void }>();
  let asked = 0;
  const failAll = (error: Error) => {
    for (const { reject } of waiting.values()) reject(error);
    waiting.clear();
  };
  worker.on("error", failAll);
  worker.on("exit", (code) => failAll(new Error(`the ${provider} thread stopped (exit code ${code})`)));
  worker.on("message", ({ id, error }: { id: number; error?: string }) => {
    const asker = waiting.get(id);
    waiting.delete(id);
    if (error) asker?.reject(new Error(`the ${provider} thread: ${error}`));
    else asker?.resolve();
  });

  return {
    /** What the provider's adapter is pointed at. */
    baseUrl: `http://127.0.0.1:${port}/api/`,
    ask(ask: SimulatorAsk) {
      const id = ++asked;
      return new Promise<void>((resolve, reject) => {
        waiting.set(id, { resolve, reject });
        worker.postMessage({ id, ask });
      });
    },
    async close() {
      // Nothing of it outlives the run: its books are in memory, and no purchase is in flight by now.
      worker.removeAllListeners("exit");
      await worker.terminate();
    },
  };
}

/** The simulated VTpass; it answers 503 until told where its transaction webhooks go. */
export async function startVtpassThread() {
  const thread = await startSimulatorThread("vtpass");
  return {
    baseUrl: thread.baseUrl,
    webhooksTo: (appOrigin: string) => thread.ask({ kind: "webhooksTo", appOrigin }),
    /**
     * From the next pay request on, refuse `share` of them (0 to 1) with VTpass's definite failure,
     * buying nothing, so they fail over to the next provider; 0 delivers every one again.
     */
    refusePays: (share: number) => thread.ask({ kind: "refusePays", share }),
    close: thread.close,
  };
}

/** The simulated SME-data vendor (MSORG API); it sends no webhooks, so it answers from the start. */
export async function startMsorgThread() {
  const thread = await startSimulatorThread("msorg");
  return { baseUrl: thread.baseUrl, close: thread.close };
}

export type VtpassThread = Awaited<ReturnType<typeof startVtpassThread>>;
