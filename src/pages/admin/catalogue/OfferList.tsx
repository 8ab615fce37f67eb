import { useId, useState } from "react";
import type { z } from "zod/mini";
import { type OfferService, offerAdd, offerEdit, type StaffOffer } from "../../../../schemas/catalogueOffers";
import { useAdminServices } from "../../../app/AppServices";
import { formatNaira } from "../../../format/money";
import { SchemaForm } from "../../../forms/SchemaForm";
import { ActiveBadge } from "../ActiveBadge";
import { catalogueRowActions, RowActionButtons } from "../RowActionButtons";
import { useSellAtLoss } from "./SellAtLossStep";
import "./catalogue.css";
import { ColumnHeads } from "../../../components/ColumnHeads";

export interface OfferListProps {
  service: OfferService;
  productId: number;
  /** What the product is called, for the list's caption and its buttons' names. */
  productName: string;
  offers: readonly StaffOffer[];
  /** After any change: the page reloads what it lists. */
  onChanged: () => void;
}

type Open =
  | { kind: "add" }
  | { kind: "edit"; offer: StaffOffer }
  | { kind: "remove"; offer: StaffOffer }
  | null;

/**
 * A plan, bouquet, exam PIN or recharge card has a code and a cost at each provider (an exam PIN's
 * code only at VTpass; a recharge card's is the vendor's network_amount id); airtime and electricity a
 * commission.
 */
const isFixed = (service: OfferService) => service !== "airtime" && service !== "electricity";
const addFields = {
  fixed: ["provider", "variation_code", "cost", "service_id", "enabled"],
  commission: ["provider", "service_id", "commission_percent", "enabled"],
} as const;
const editFields = {
  fixed: ["variation_code", "cost", "service_id", "enabled"],
  commission: ["service_id", "commission_percent", "enabled"],
} as const;

/**
 * A product's offers, one per provider that sells it: who, under what id and plan code, at what
 * cost or commission, and whether purchases may go there. Staff add, edit (switching one off is an
 * edit), and remove them here; the forms open in place, so in a plan's dialog they stay inside it.
 */
export function OfferList({ service, productId, productName, offers: loaded, onChanged }: OfferListProps) {
  const { admin } = useAdminServices();
  // Kept here as each write answers it, so a list shown inside a dialog is current without a reload.
  const [offers, setOffers] = useState(loaded);
  const [open, setOpen] = useState<Open>(null);
  const [removing, setRemoving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const captionId = useId();
  const fixed = isFixed(service);
  const kind = fixed ? "fixed" : "commission";
  const key = { service, product_id: productId };

  const saved = (offer: StaffOffer) => {
    setOffers((now) =>
      now.some((o) => o.provider === offer.provider)
        ? now.map((o) => (o.provider === offer.provider ? offer : o))
        : [...now, offer],
    );
    setOpen(null);
    onChanged();
  };
  const remove = async (offer: StaffOffer) => {
    setRemoving(true);
    setFailure(null);
    try {
      await admin.removeOffer({ ...key, provider: offer.provider });
      setOffers((now) => now.filter((o) => o.provider !== offer.provider));
      setOpen(null);
      onChanged();
    } catch {
      setFailure("Could not remove the offer. Please try again.");
    } finally {
      setRemoving(false);
    }
  };

  return (
    <section className="offer-list" aria-labelledby={captionId}>
      <h3 id={captionId}>Who sells {productName}</h3>
      {offers.length === 0 ? (
        <p className="field-error">No provider sells it: customers cannot buy it until it has an offer.</p>
      ) : (
        <table className="admin-table offer-table">
          <caption className="sr-only">Offers for {productName}</caption>
          <ColumnHeads
            columns={[
              "Provider",
              "Their id",
              fixed && "Plan code",
              { label: fixed ? "Cost" : "Commission", numeric: true },
              "Switched on",
              { label: "Actions", hidden: true },
            ]}
          />
          <tbody>
            {offers.map((offer) => (
              <tr key={offer.provider}>
                <td data-label="Provider" className="admin-table-key">
                  {offer.label}
                  {!offer.configured && <span className="muted"> (not in PROVIDERS: never tried)</span>}
                </td>
                <td data-label="Their id">{offer.service_id}</td>
                {fixed && <td data-label="Plan code">{offer.variation_code}</td>}
                <td data-label={fixed ? "Cost" : "Commission"} className="numeric">
                  {fixed ? formatNaira(offer.cost ?? 0) : `${offer.commission_percent}%`}
                </td>
                <td data-label="Switched on">
                  <ActiveBadge active={offer.enabled} />
                </td>
                <RowActionButtons
                  {...catalogueRowActions}
                  edit={{
                    text: "Edit",
                    label: `Edit ${offer.label}'s offer for ${productName}`,
                    onClick: () => setOpen({ kind: "edit", offer }),
                  }}
                  remove={{
                    text: "Remove",
                    label: `Remove ${offer.label}'s offer for ${productName}`,
                    onClick: () => setOpen({ kind: "remove", offer }),
                  }}
                />
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {open === null && (
        <button type="button" className="button secondary" onClick={() => setOpen({ kind: "add" })}>
          Add an offer for {productName}
        </button>
      )}
      {open?.kind === "add" && (
        <OfferForm
          title={`New offer for ${productName}`}
          onCancel={() => setOpen(null)}
          save={async (body: z.output<typeof offerAdd>) => saved(await admin.putOffer({ ...key, ...body }))}
          form={(send, formId) => (
            <SchemaForm
              id={formId}
              schema={offerAdd}
              values={{ enabled: true }}
              fields={addFields[kind]}
              submitLabel="Add offer"
              onSubmit={send}
            />
          )}
        />
      )}
      {open?.kind === "edit" && (
        <OfferForm
          title={`${open.offer.label}'s offer for ${productName}`}
          onCancel={() => setOpen(null)}
          save={async (body) =>
            saved(await admin.putOffer({ ...key, provider: open.offer.provider, ...body }))
          }
          form={(send, formId) => (
            <SchemaForm
              id={formId}
              schema={offerEdit}
              values={editValues(open.offer)}
              fields={editFields[kind]}
              onlyChanges
              submitLabel="Save offer"
              onSubmit={send}
            />
          )}
        />
      )}
      {open?.kind === "remove" && (
        <section className="offer-remove" aria-label={`Remove ${open.offer.label}'s offer?`}>
          <p>
            Remove {open.offer.label}'s offer? Purchases of {productName} will no longer go to{" "}
            {open.offer.label}.
          </p>
          {failure && (
            <p className="field-error" role="alert">
              {failure}
            </p>
          )}
          <div className="loss-step-actions">
            <button type="button" className="button secondary" onClick={() => setOpen(null)}>
              Cancel
            </button>
            <button
              type="button"
              className="button danger"
              disabled={removing}
              onClick={() => remove(open.offer)}
            >
              {removing ? "Removing…" : "Remove offer"}
            </button>
          </div>
        </section>
      )}
    </section>
  );
}

/** An offer's fields as the edit form starts from them: what it has, none of what it has not. */
const editValues = (offer: StaffOffer) => ({
  service_id: offer.service_id,
  enabled: offer.enabled,
  commission_percent: offer.commission_percent,
  ...(offer.variation_code !== null && { variation_code: offer.variation_code }),
  ...(offer.cost !== null && { cost: offer.cost }),
});

/** One offer form in place, with the pricing rule's confirm step under it. */
function OfferForm<B extends object>({
  title,
  save,
  onCancel,
  form,
}: {
  title: string;
  save: (body: B) => Promise<void>;
  onCancel: () => void;
  form: (send: (body: B) => Promise<void>, formId: string) => React.ReactNode;
}) {
  const headingId = useId();
  const loss = useSellAtLoss(save, () => {});
  return (
    <section className="offer-form" aria-labelledby={headingId}>
      <h4 id={headingId}>{title}</h4>
      {form(loss.send, loss.formId)}
      {loss.step}
      <button type="button" className="button secondary" onClick={onCancel}>
        Cancel
      </button>
    </section>
  );
}

/** A plan list's details: the plan's offers at each provider, the list reloaded after any change. */
export const planOffers =
  (service: OfferService) =>
  (plan: { id: number; name: string; offers: readonly StaffOffer[] }, reload: () => void) => (
    <OfferList
      service={service}
      productId={plan.id}
      productName={plan.name}
      offers={plan.offers}
      onChanged={reload}
    />
  );

/** A plan's offers in a table cell: each provider with its cost, the ones switched off said so. */
export function OfferSummary({ offers }: { offers: readonly StaffOffer[] }) {
  if (offers.length === 0) return <span className="field-error">No provider: cannot be bought</span>;
  return (
    <span className="offer-summary">
      {offers.map((offer) => (
        <span key={offer.provider}>
          {offer.label} {formatNaira(offer.cost ?? 0)}
          {!offer.enabled && " (off)"}
        </span>
      ))}
    </span>
  );
}
