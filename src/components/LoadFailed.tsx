/**
 * What a page shows in place of data it could not load: why, and a way to try again; `card` when it
 * stands alone on the page rather than inside a section that is already one.
 */
export function LoadFailed({ message, retry, card }: { message: string; retry: () => void; card?: boolean }) {
  return (
    <div className={card ? "card load-failed" : "load-failed"}>
      <p>{message}</p>
      <button type="button" className="button" onClick={retry}>
        Try again
      </button>
    </div>
  );
}
