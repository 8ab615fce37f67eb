import { useState } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod/mini";
import { describeFailure } from "../../../../machines/actionFailure";
import type { ApiKey } from "../../../../schemas/apiKeyViews";
import type { DeveloperApi } from "../../../api/developerApi";
import { Modal } from "../../../components/Modal";
import { fieldOf } from "../../../forms/fieldOf";
import { UrlField } from "../../../forms/formControls";
import { schemaResolver } from "../../../forms/schemaResolver";
import { showServerFieldErrors } from "../../../forms/serverFieldErrors";
import { ModalFormActions } from "../ModalFormActions";
import { webhookUrlText } from "./createKeyForm";

// An empty box removes the URL (null), as the PATCH takes it; anything else meets the create form's rules.
const webhookForm = z.strictObject({
  webhook_url: z.pipe(
    z.pipe(
      z.string(),
      z.transform((text: string) => (text.trim() === "" ? null : text)),
    ),
    z.nullable(webhookUrlText),
  ),
});

/** Set, change or remove one key's webhook URL; deliveries already made keep the URL they were made for. */
export function WebhookUrlModal({
  api,
  apiKey,
  onSaved,
  onClose,
}: {
  api: DeveloperApi;
  apiKey: ApiKey;
  onSaved: (key: ApiKey) => void;
  onClose: () => void;
}) {
  const form = useForm<z.input<typeof webhookForm>, unknown, z.output<typeof webhookForm>>({
    resolver: schemaResolver(webhookForm),
    defaultValues: { webhook_url: apiKey.webhook_url ?? "" },
  });
  const [refusal, setRefusal] = useState<string | null>(null);
  const busy = form.formState.isSubmitting;
  const submit = form.handleSubmit(async (body) => {
    setRefusal(null);
    try {
      onSaved(await api.setWebhook(apiKey.id, body));
    } catch (error) {
      const failure = describeFailure(error);
      showServerFieldErrors(error, form.setError, ["webhook_url"]);
      if (!failure.fields) setRefusal(failure.message);
    }
  });
  // Closing while the request is out would hide whether it was saved.
  const close = () => !busy && onClose();
  return (
    <Modal open title={`Webhook URL of “${apiKey.name}”`} onClose={close}>
      <form noValidate onSubmit={submit} aria-busy={busy}>
        <UrlField
          label="Webhook URL"
          hint="https only. Leave it empty to stop sending webhooks for this key."
          {...fieldOf(form, "webhook_url")}
        />
        <ModalFormActions refusal={refusal} busy={busy} onCancel={close} label="Save" busyLabel="Saving…" />
      </form>
    </Modal>
  );
}
