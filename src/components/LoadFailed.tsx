/** What a page shows in place of data it could not load: why, and a way to try again. */
export function LoadFailed({ message, retry }: { message: string; retry: () => void }) {
  return (
    <div className="load-failed">
      <p>{message}</p>
      <button type="button" className="button" onClick={retry}>
        Try again
      </button>
    </div>
  );
}
