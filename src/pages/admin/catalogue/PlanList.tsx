import { type ReactNode, useCallback, useId, useState } from "react";
import type { z } from "zod/mini";
import { type ConfirmAction, useConfirmAction } from "../../../app/useConfirmAction";
import { useLoad } from "../../../app/useLoad";
import { ConfirmDialog } from "../../../components/ConfirmDialog";
import { LoadFailed } from "../../../components/LoadFailed";
import { Modal } from "../../../components/Modal";
import { SchemaForm } from "../../../forms/SchemaForm";
import { ActiveBadge } from "../ActiveBadge";
import { catalogueRowActions, RowActionButtons } from "../RowActionButtons";
import { useSellAtLoss } from "./SellAtLossStep";
import "../admin.css";
import "./catalogue.css";
import { ColumnHeads } from "../../../components/ColumnHeads";

export interface Plan {
  id: number;
  name: string;
  enabled: boolean;
  has_sales: boolean;
}

export interface PlanColumn<P> {
  label: string;
  value: (plan: P) => ReactNode;
  numeric?: boolean;
}

/** Adding plans: the create schema and the values the form starts from (the network it belongs to). */
export interface PlanCreation<S extends z.ZodMiniObject> {
  schema: S;
  values: Partial<z.input<S>>;
  /** Which fields the form asks for, e.g. everything but the network the page is already about. */
  fields: readonly (keyof z.input<S> & string)[];
  create: (body: z.output<S>) => Promise<unknown>;
}

export interface PlanListProps<
  P extends Plan & z.input<E>,
  E extends z.ZodMiniObject,
  S extends z.ZodMiniObject,
> {
  /** What the plans are called on this page: "plan", "bouquet". */
  noun: string;
  load: () => Promise<P[]>;
  columns: readonly PlanColumn<P>[];
  editSchema: E;
  /** Left out where this person may only read the list (staff on admins' pages): no Edit buttons. */
  update?: ((id: number, changes: Partial<z.output<E>>) => Promise<unknown>) | undefined;
  creation?: PlanCreation<S> | undefined;
  /** Deleting: a plan with sales is switched off by the server rather than erased. */
  remove?: (id: number) => Promise<unknown>;
  /** Under a plan's edit form, e.g. its offers; `reload` reloads the list. */
  details?: (plan: P, reload: () => void) => ReactNode;
}

type Open<P> = { kind: "edit"; plan: P } | { kind: "create" } | null;

/**
 * A network's or provider's plans: a table (stacked cards on a phone), and the edit, add and delete
 * dialogs, each form a SchemaForm of the editor schema.
 */
export function PlanList<P extends Plan & z.input<E>, E extends z.ZodMiniObject, S extends z.ZodMiniObject>({
  noun,
  load,
  columns,
  editSchema,
  update,
  creation,
  remove,
  details,
}: PlanListProps<P, E, S>) {
  const plans = useLoad(useCallback(() => load(), [load]));
  const [open, setOpen] = useState<Open<P>>(null);
  const headingId = useId();
  const data = plans.state === "failed" ? undefined : plans.data;
  const close = () => setOpen(null);
  const done = () => {
    setOpen(null);
    plans.retry();
  };
  const deletion = useConfirmAction<Plan, unknown>({
    send: ({ draft }) => (remove ? remove(draft.id) : Promise.reject(new Error("Deleting is not offered."))),
    onDone: () => plans.retry(),
  });

  return (
    <section className="card" aria-labelledby={headingId} aria-busy={plans.state === "loading"}>
      <div className="plan-list-head">
        <h2 id={headingId}>{capitalise(noun)}s</h2>
        {creation && (
          <button type="button" className="button" onClick={() => setOpen({ kind: "create" })}>
            Add {withArticle(noun)}
          </button>
        )}
      </div>
      {plans.state === "loading" && !data && (
        <p role="status" className="muted">
          Loading…
        </p>
      )}
      {plans.state === "failed" && (
        <LoadFailed message={`We could not load the ${noun}s.`} retry={plans.retry} />
      )}
      {data && data.length === 0 && <p>There are no {noun}s yet.</p>}
      {data && data.length > 0 && (
        <table className={`admin-table plan-table ${plans.state === "loading" ? "stale" : ""}`}>
          <caption className="sr-only">{capitalise(noun)}s</caption>
          <ColumnHeads
            columns={[
              "Name",
              ...columns,
              "On sale",
              update !== undefined && { label: "Actions", hidden: true },
            ]}
          />
          <tbody>
            {data.map((plan) => (
              <tr key={plan.id}>
                <td data-label="Name" className="admin-table-key">
                  {plan.name}
                </td>
                {columns.map((column) => (
                  <td
                    key={column.label}
                    data-label={column.label}
                    className={column.numeric ? "numeric" : ""}
                  >
                    {column.value(plan)}
                  </td>
                ))}
                <td data-label="On sale">
                  <ActiveBadge active={plan.enabled} />
                </td>
                {update && (
                  <RowActionButtons
                    {...catalogueRowActions}
                    edit={{
                      text: "Edit",
                      label: `Edit ${plan.name}`,
                      onClick: () => setOpen({ kind: "edit", plan }),
                    }}
                    remove={
                      remove && {
                        text: "Delete",
                        label: `Delete ${plan.name}`,
                        onClick: () =>
                          deletion.review({
                            id: plan.id,
                            name: plan.name,
                            enabled: plan.enabled,
                            has_sales: plan.has_sales,
                          }),
                      }
                    }
                  />
                )}
              </tr>
            ))}
          </tbody>
        </table>
      )}

      <Modal
        open={open?.kind === "edit"}
        title={`Edit ${open?.kind === "edit" ? open.plan.name : noun}`}
        onClose={close}
      >
        {open?.kind === "edit" && update && (
          <EditPlan
            plan={open.plan}
            schema={editSchema}
            noun={noun}
            save={(changes) => update(open.plan.id, changes)}
            onSaved={done}
          />
        )}
        {open?.kind === "edit" && details?.(open.plan, plans.retry)}
      </Modal>
      {creation && (
        <Modal open={open?.kind === "create"} title={`Add ${withArticle(noun)}`} onClose={close}>
          {open?.kind === "create" && <CreatePlan creation={creation} noun={noun} onSaved={done} />}
        </Modal>
      )}
      {remove && <DeleteDialog noun={noun} flow={deletion} />}
    </section>
  );
}

/** A plan's edit form, with the pricing rule's confirm step under it when the price loses money. */
function EditPlan<P extends Plan & z.input<E>, E extends z.ZodMiniObject>({
  plan,
  schema,
  noun,
  save,
  onSaved,
}: {
  plan: P;
  schema: E;
  noun: string;
  save: (changes: Partial<z.output<E>>) => Promise<unknown>;
  onSaved: () => void;
}) {
  const loss = useSellAtLoss(save, onSaved);
  return (
    <>
      <SchemaForm
        id={loss.formId}
        schema={schema}
        values={plan}
        onlyChanges
        submitLabel={`Save ${noun}`}
        onSubmit={loss.send}
      />
      {loss.step}
    </>
  );
}

function CreatePlan<S extends z.ZodMiniObject>({
  creation,
  noun,
  onSaved,
}: {
  creation: PlanCreation<S>;
  noun: string;
  onSaved: () => void;
}) {
  const loss = useSellAtLoss(creation.create, onSaved);
  return (
    <>
      <SchemaForm
        id={loss.formId}
        schema={creation.schema}
        values={creation.values}
        fields={creation.fields}
        submitLabel={`Add ${noun}`}
        onSubmit={loss.send}
      />
      {loss.step}
    </>
  );
}

/** Deleting a plan; one with sales is switched off by the server rather than erased. */
function DeleteDialog({ noun, flow }: { noun: string; flow: ConfirmAction<Plan, unknown> }) {
  const plan = flow.draft;
  return (
    <ConfirmDialog
      flow={flow}
      title={`Delete ${plan?.name}?`}
      confirmLabel={plan?.has_sales ? "Take off sale" : "Delete"}
      busyLabel="Deleting…"
      danger
    >
      <p>
        {plan?.has_sales
          ? `Customers have bought this ${noun}, so their receipts still name it: it will be taken off sale instead of deleted.`
          : `The ${noun} is removed from the catalogue for good.`}
      </p>
    </ConfirmDialog>
  );
}

const capitalise = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);
/** "a plan", "an exam PIN". */
const withArticle = (noun: string) => `${/^[aeiou]/i.test(noun) ? "an" : "a"} ${noun}`;
