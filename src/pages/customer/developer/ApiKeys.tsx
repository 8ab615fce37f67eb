import { useCallback, useRef, useState } from "react";
import type { ApiKey } from "../../../../schemas/apiKeyViews";
import type { ShownOnceKey } from "../../../../schemas/webhookDeliveryViews";
import type { DeveloperApi } from "../../../api/developerApi";
import { useConfirmAction } from "../../../app/useConfirmAction";
import { useLoad } from "../../../app/useLoad";
import { ConfirmDialog } from "../../../components/ConfirmDialog";
import { LoadFailed } from "../../../components/LoadFailed";
import { CreateKeyForm } from "./CreateKeyForm";
import { KeyCard } from "./KeyCard";
import { NewKeyModal } from "./NewKeyModal";
import { WebhookUrlModal } from "./WebhookUrlModal";

/**
 * The account's keys and what can be done with them: Create key (the new key and secret shown once
 * in a modal), each key's webhook URL and test event, and Revoke behind a confirmation. `onDelivery`
 * tells the deliveries list a new one was made. Loaded after the page draws (developerLazyParts).
 */
export function ApiKeys({ api, onDelivery }: { api: DeveloperApi; onDelivery: () => void }) {
  const keys = useLoad(useCallback(() => api.keys(), [api]));
  const [created, setCreated] = useState<ShownOnceKey | null>(null);
  const [editing, setEditing] = useState<ApiKey | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const revoke = useConfirmAction<ApiKey, ApiKey>({
    send: ({ draft }) => api.revokeKey(draft.id),
    // Its buttons are gone with it: focus goes to the list's heading rather than to the page's top.
    onDone: () => {
      keys.retry();
      heading.current?.focus();
    },
  });
  const list = keys.state === "failed" ? undefined : keys.data;
  const live = list?.filter((key) => !key.revoked_at) ?? [];
  const revoked = list?.filter((key) => key.revoked_at) ?? [];
  const card = (key: ApiKey) => (
    <KeyCard
      key={key.id}
      api={api}
      apiKey={key}
      onEditWebhook={() => setEditing(key)}
      onRevoke={() => revoke.review(key)}
      onDelivery={onDelivery}
    />
  );

  return (
    <>
      <section className="card" aria-labelledby="your-keys" aria-busy={keys.state === "loading" && !list}>
        <h2 id="your-keys" ref={heading} tabIndex={-1}>
          Your keys
        </h2>
        {keys.state === "loading" && !list && (
          <p role="status" className="muted">
            Loading your keys…
          </p>
        )}
        {keys.state === "failed" && <LoadFailed message="We could not load your keys." retry={keys.retry} />}
        {list && live.length === 0 && <p className="empty-state">No live keys. Create one below.</p>}
        {live.length > 0 && <ul className="key-list">{live.map(card)}</ul>}
        {revoked.length > 0 && (
          <details className="revoked-keys">
            <summary>Revoked keys ({revoked.length})</summary>
            <ul className="key-list">{revoked.map(card)}</ul>
          </details>
        )}
      </section>
      <section className="card" aria-labelledby="create-key">
        <h2 id="create-key">Create a key</h2>
        <CreateKeyForm
          api={api}
          onCreated={(key) => {
            setCreated(key);
            keys.retry();
          }}
        />
      </section>

      {created && <NewKeyModal created={created} onClose={() => setCreated(null)} />}
      {editing && (
        <WebhookUrlModal
          api={api}
          apiKey={editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            keys.retry();
          }}
        />
      )}
      <ConfirmDialog
        flow={revoke}
        title={`Revoke “${revoke.draft?.name ?? "this key"}”?`}
        confirmLabel="Revoke key"
        busyLabel="Revoking…"
        danger
      >
        <p>
          Calls with <code>ojk_{revoke.draft?.prefix}_…</code> are refused from now on. A revoked key cannot
          be brought back; you can make a new one.
        </p>
      </ConfirmDialog>
    </>
  );
}
