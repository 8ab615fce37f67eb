import { useCallback, useId } from "react";
import type { z } from "zod/mini";
import { useLoad } from "../../../app/useLoad";
import { usePageTitle } from "../../../app/usePageTitle";
import { LoadFailed } from "../../../components/LoadFailed";
import { SchemaForm } from "../../../forms/SchemaForm";
import { useSellAtLoss } from "./SellAtLossStep";
import "../admin.css";
import "./catalogue.css";

interface Control {
  id: number;
}

export interface ControlCardsProps<S extends z.ZodMiniObject, C extends Control & z.input<S>> {
  title: string;
  intro: string;
  /** The editor schema from schemas/catalogueEditors.ts: the form is drawn from it and nothing else. */
  schema: S;
  load: () => Promise<C[]>;
  /** Sends `{ id, ...changes }`, the PATCH body of the contract (with `sell_at_loss` once confirmed). */
  save: (body: { id: number } & Partial<z.output<S>>) => Promise<unknown>;
  name: (control: C) => string;
  /** Something under a card's form, e.g. a link to the provider's bouquets, or its offers; `reload` reloads the cards. */
  footer?: (control: C, reload: () => void) => React.ReactNode;
}

/**
 * A page of catalogue controls (the networks' airtime, the TV providers, the discos): one card per
 * control, each a SchemaForm of the control's editor schema that saves only what changed.
 */
export function ControlCards<S extends z.ZodMiniObject, C extends Control & z.input<S>>({
  title,
  intro,
  schema,
  load,
  save,
  name,
  footer,
}: ControlCardsProps<S, C>) {
  usePageTitle(title);
  const controls = useLoad(useCallback(() => load(), [load]));
  const data = controls.state === "failed" ? undefined : controls.data;
  return (
    <div className="admin-page">
      <h1>{title}</h1>
      <p className="muted">{intro}</p>
      {controls.state === "loading" && !data && (
        <p role="status" className="muted">
          Loading…
        </p>
      )}
      {controls.state === "failed" && (
        <LoadFailed message={`We could not load the ${title.toLowerCase()}.`} retry={controls.retry} />
      )}
      {data && (
        <div className={footer ? "control-grid wide" : "control-grid"}>
          {data.map((control) => (
            <ControlCard
              key={control.id}
              control={control}
              schema={schema}
              name={name(control)}
              save={(changes) => save({ id: control.id, ...changes })}
              onSaved={controls.retry}
              footer={footer?.(control, controls.retry)}
            />
          ))}
        </div>
      )}
    </div>
  );
}

function ControlCard<S extends z.ZodMiniObject, C extends Control & z.input<S>>({
  control,
  schema,
  name,
  save,
  onSaved,
  footer,
}: {
  control: C;
  schema: S;
  name: string;
  save: (changes: Partial<z.output<S>>) => Promise<unknown>;
  onSaved: () => void;
  footer: React.ReactNode;
}) {
  const headingId = useId();
  const loss = useSellAtLoss(save, onSaved);
  return (
    <section className="card control-card" aria-labelledby={headingId}>
      <h2 id={headingId}>{name}</h2>
      <SchemaForm
        id={loss.formId}
        schema={schema}
        values={control}
        onlyChanges
        submitLabel={`Save ${name}`}
        onSubmit={loss.send}
      />
      {loss.step}
      {footer}
    </section>
  );
}
