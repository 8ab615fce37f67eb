import { Worker } from "node:worker_threads";
import type { LoopResult } from "./closedLoop";
import type { BenchCustomer } from "./customers";
import type { Scenario } from "./options";

/** What the load worker is started with. */
export interface LoadSetup {
  origin: string;
  /** Kept-alive connections at most: the largest concurrency. */
  connections: number;
  customers: BenchCustomer[];
  /** Where its sequence of phone numbers starts: another generator on the same database starts elsewhere. */
  firstPhone?: number;
}

/** One closed loop of purchases, asked of the load worker. */
export interface LoadRequest {
  scenario: Scenario;
  concurrency: number;
  seconds: number;
  /** Close every connection first (at the start of a point, after the idle setup and postings). */
  freshConnections: boolean;
}

export type LoadAnswer =
  | { ok: true; completed: number; errors: Array<[string, number]>; latenciesMs: number[]; elapsedMs: number }
  | { ok: false; error: string };

/**
 * The purchase load runs in a worker thread of its own: its HTTP client's work (making requests,
 * reading answers, timing them) stays off the event loop that serves the app and, on PGlite, runs the
 * database, as a load from other machines would. It is the same process, so the app still shares the
 * cores with it. The worker is TypeScript, loaded through tsx as the bench itself is.
 */
export async function startLoadGenerator(setup: LoadSetup) {
  const tsx = import.meta.resolve("tsx/esm/api");
  const entry = new URL("./loadWorker.ts", import.meta.url).href;
  const code = `import(${JSON.stringify(tsx)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(entry)}); });`;
  const worker = new Worker(code, { eval: true, workerData: setup });
  let failure: Error | undefined;
  let pending: { resolve(answer: LoadAnswer): void; reject(error: Error): void } | undefined;
  const fail = (error: Error) => {
    failure = error;
    pending?.reject(error);
    pending = undefined;
  };
  worker.on("error", fail);
  worker.on("exit", (code) => fail(new Error(`the load worker stopped (exit code ${code})`)));
  worker.on("message", (answer: LoadAnswer) => {
    pending?.resolve(answer);
    pending = undefined;
  });

  return {
    /** Runs one closed loop in the worker; one at a time. */
    async run(request: LoadRequest): Promise<LoopResult> {
      if (failure) throw failure;
      if (pending) throw new Error("the load worker is already running a loop");
      const answer = await new Promise<LoadAnswer>((resolve, reject) => {
        pending = { resolve, reject };
        worker.postMessage(request);
      });
      if (!answer.ok) throw new Error(`the load worker failed: ${answer.error}`);
      return { ...answer, errors: new Map(answer.errors) };
    },
    async close() {
      worker.removeAllListeners("exit");
      await worker.terminate();
    },
  };
}

export type LoadGenerator = Awaited<ReturnType<typeof startLoadGenerator>>;
