/**
 * Resolves in a task of its own, once the browser has had its turn (input, painting), as React's own
 * scheduler yields: through a message, which unlike setTimeout is neither clamped nor throttled.
 * Awaited between two large pieces of startup work, it keeps each a task short enough not to hold up
 * a phone's page.
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}
