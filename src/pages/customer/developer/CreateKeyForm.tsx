import { useState } from "react";
import { useForm } from "react-hook-form";
import { describeFailure } from "../../../../machines/actionFailure";
import type { ShownOnceKey } from "../../../../schemas/webhookDeliveryViews";
import type { DeveloperApi } from "../../../api/developerApi";
import { TextAreaField } from "../../../components/TextAreaField";
import { TextField } from "../../../components/TextField";
import { fieldOf } from "../../../forms/fieldOf";
import { FormRefusal, SubmitButton, UrlField } from "../../../forms/formControls";
import { schemaResolver } from "../../../forms/schemaResolver";
import { showServerFieldErrors } from "../../../forms/serverFieldErrors";
import {
  type CreateKeyFormInput,
  type CreateKeyFormOutput,
  createKeyFields,
  createKeyForm,
  emptyCreateKeyForm,
} from "./createKeyForm";

/**
 * Create key: a name, and optionally the webhook URL, the addresses calls may come from and a daily
 * cap in naira. A refusal is said in the server's words: under the field it names, or above the
 * button (no access, five keys already).
 */
export function CreateKeyForm({
  api,
  onCreated,
}: {
  api: DeveloperApi;
  onCreated: (key: ShownOnceKey) => void;
}) {
  const form = useForm<CreateKeyFormInput, unknown, CreateKeyFormOutput>({
    resolver: schemaResolver(createKeyForm),
    defaultValues: emptyCreateKeyForm,
  });
  const [refusal, setRefusal] = useState<string | null>(null);
  const submit = form.handleSubmit(async (body) => {
    setRefusal(null);
    try {
      const created = await api.createKey(body);
      form.reset(emptyCreateKeyForm);
      onCreated(created);
    } catch (error) {
      const failure = describeFailure(error);
      // Said under the fields it names; anything else (no access, five keys already) above the button.
      showServerFieldErrors(error, form.setError, createKeyFields);
      if (!failure.fields) setRefusal(failure.message);
    }
  });
  const busy = form.formState.isSubmitting;
  return (
    <form noValidate onSubmit={submit} aria-busy={busy}>
      {/* Name and cap side by side from a laptop's width; the URL and the addresses want a line each. */}
      <div className="form-row">
        <TextField
          label="Name"
          hint="Where it is used, e.g. your website or your bot"
          maxLength={40}
          autoComplete="off"
          {...fieldOf(form, "name")}
        />
        <TextField
          label="Daily spending cap in ₦ (optional)"
          hint="The most the key may spend in a day; empty: no cap"
          inputMode="decimal"
          autoComplete="off"
          {...fieldOf(form, "daily_cap")}
        />
      </div>
      <UrlField
        label="Webhook URL (optional)"
        hint="https only: settled purchases made with the key are posted here"
        {...fieldOf(form, "webhook_url")}
      />
      <TextAreaField
        label="Allowed addresses (optional)"
        hint="IPv4 or IPv6, one a line. Calls from any other address are refused; empty: any"
        rows={2}
        autoComplete="off"
        spellCheck={false}
        {...fieldOf(form, "allowed_ips")}
      />
      <FormRefusal refusal={refusal} />
      <SubmitButton busy={busy} label="Create key" busyLabel="Creating…" />
    </form>
  );
}
