import { lazyPart } from "../lazyPart";

/** The profile's Saved recipients section; its code arrives after the page draws. */
const SavedRecipients = lazyPart(() =>
  import("./SavedRecipientsSection").then((m) => m.SavedRecipientsSection),
);

export function SavedRecipientsCard() {
  return (
    <section className="card" aria-labelledby="saved-recipients">
      <h2 id="saved-recipients">Saved recipients</h2>
      <SavedRecipients placeholder={<p role="status">Loading your saved recipients…</p>} />
    </section>
  );
}
