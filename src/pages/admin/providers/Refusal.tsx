import { ApiFailure } from "../../../api/client";

/** What the server said when it refused a change: its msg, and each field's words when they differ. */
export function Refusal({ error }: { error: unknown }) {
  const msg = error instanceof ApiFailure ? error.msg : "Could not save. Please try again.";
  const fields = error instanceof ApiFailure ? Object.values(error.fields ?? {}).flat() : [];
  const more = [...new Set(fields)].filter((words) => words !== msg);
  return (
    <div className="admin-failure provider-refusal" role="alert">
      <p>Not saved: {msg}</p>
      {more.length > 0 && (
        <ul>
          {more.map((words) => (
            <li key={words}>{words}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
