import { Worker } from "node:worker_threads";

/**
 * A simulated VTpass in a worker thread of this process, reached over HTTP like the real one. The app
 * would otherwise serve its own simulator on the event loop that serves purchases, and the bench
 * would count VTpass's side of every call (parsing the order, answering it) as OjaPay's work; in
 * production that work happens on VTpass's machines. The adapter's side of the call (the request,
 * reading the answer) stays in the app and is measured.
 */
export async function startVtpassThread() {
  const tsx = import.meta.resolve("tsx/esm/api");
  const entry = new URL("./vtpassWorker.ts", import.meta.url).href;
  const code = `import(${JSON.stringify(tsx)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(entry)}); });`;
  const worker = new Worker(code, { eval: true });
  const next = () =>
    new Promise<Record<string, unknown>>((resolve, reject) => {
      const onError = (error: Error) => reject(error);
      worker.once("error", onError);
      worker.once("message", (message) => {
        worker.off("error", onError);
        resolve(message);
      });
    });
  const { port } = (await next()) as { port: number };
  return {
    /** What the VTpass adapter is pointed at. */
    baseUrl: `http://127.0.0.1:${port}/api/`,
    /** Where the simulator sends its transaction webhooks; it answers 503 until told. */
    async webhooksTo(appOrigin: string) {
      const answered = next();
      worker.postMessage({ appOrigin });
      await answered;
    },
    async close() {
      // Nothing of it outlives the run: its books are in memory, and no purchase is in flight by now.
      await worker.terminate();
    },
  };
}
