import { useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod/mini";
import { ApiFailure } from "../api/client";
import { schemaResolver } from "../forms/schemaResolver";
import { showServerFieldErrors } from "../forms/serverFieldErrors";
import { useConfirmAction } from "./useConfirmAction";

type ReasonSchema = z.ZodMiniType<{ reason: string }, { reason: string }>;

/**
 * A console decision whose reason is written in the confirmation dialog itself, then sent once (a
 * refund, an identity review's verdict). `open` starts one about a subject (what is being decided)
 * with an empty reason.
 */
export function useReasonDialog<Subject>({
  schema,
  send,
  reload,
}: {
  schema: ReasonSchema;
  send: (subject: Subject, reason: string) => Promise<unknown>;
  reload: () => void;
}) {
  const form = useForm({ resolver: schemaResolver(schema), defaultValues: { reason: "" } });
  const [subject, setSubject] = useState<Subject | null>(null);
  const flow = useConfirmAction<{ subject: Subject; reason: string }, unknown>({
    send: ({ draft }) => send(draft.subject, draft.reason),
    onDone: reload,
    onRefused: (error) => {
      showServerFieldErrors(error, form.setError, ["reason"]);
      // Someone else decided it meanwhile, or it changed: the page must show what is true now.
      if (error instanceof ApiFailure && error.status === 409) reload();
    },
  });
  return {
    flow,
    form,
    subject,
    open: (next: Subject) => {
      form.reset();
      setSubject(next);
      flow.edit();
    },
    submit: form.handleSubmit(({ reason }) => subject !== null && flow.confirm({ subject, reason })),
  };
}
