import type { RechargePinCatalogue } from "../../../../schemas/catalogue";
import { formatNaira } from "../../../../schemas/money";
import type { RechargePinDraft } from "../../../../schemas/purchases";
import { maxRechargeCards, nameOnCard, rechargeDenominations } from "../../../../schemas/rechargePins";
import { TextField } from "../../../components/TextField";
import { fieldOf } from "../../../forms/fieldOf";
import { useSession } from "../../../session/useSession";
import { rechargePinChoice } from "./choices";
import { rechargePinForm } from "./formSchemas";
import { type Option, type ProductFormProps, SelectField, useProductForm } from "./wizardFields";

/** Each network once, in the catalogue's order; switched off when none of its cards is on sale. */
function networksOf(catalogue: RechargePinCatalogue): Option[] {
  const networks = new Map<number, Option>();
  for (const card of catalogue.cards) {
    const seen = networks.get(card.network_id);
    networks.set(card.network_id, {
      value: String(card.network_id),
      label: card.network,
      unavailable: (seen?.unavailable ?? true) && !card.available,
    });
  }
  return [...networks.values()];
}

/** The account's name, where it is one the cards can carry; the customer types their shop's otherwise. */
function accountName(profile: { first_name: string; last_name: string } | null): string {
  const name = nameOnCard.safeParse(`${profile?.first_name ?? ""} ${profile?.last_name ?? ""}`);
  return name.success ? name.data : "";
}

/**
 * The network, the card's value at the customer's level's price, how many and the name printed on
 * each card: a shop's sheet of cards, bought at once and printed after (RechargeCardsPrintPage).
 */
export function RechargePinForm({
  catalogue,
  draft,
  onNext,
}: ProductFormProps<RechargePinCatalogue, RechargePinDraft>) {
  const { profile } = useSession();
  const form = useProductForm(rechargePinForm, {
    network_id: draft?.network_id ? String(draft.network_id) : "",
    denomination: draft?.denomination ? String(draft.denomination) : "",
    quantity: draft?.quantity ? String(draft.quantity) : "1",
    name_on_card: draft?.name_on_card ?? accountName(profile),
  });
  const errors = form.formState.errors;
  const networkId = form.watch("network_id");
  const cardOf = (denomination: number | string) =>
    catalogue.cards.find(
      (c) => String(c.network_id) === networkId && String(c.denomination) === String(denomination),
    );
  const card = cardOf(form.watch("denomination"));
  const count = Number(form.watch("quantity"));
  const total = card && Number.isInteger(count) && count > 0 ? card.price * count : null;

  const next = form.handleSubmit((values) => {
    const chosen = cardOf(values.denomination);
    const denomination = rechargeDenominations.find((d) => d === chosen?.denomination);
    if (!chosen?.available || !denomination) {
      form.setError("denomination", {
        message: `${chosen ? `${chosen.network} ${formatNaira(chosen.denomination, true)} cards are` : "This card is"} not available right now.`,
      });
      return;
    }
    const quantity = Number(values.quantity);
    if (quantity < 1 || quantity > maxRechargeCards) {
      form.setError("quantity", { message: `Buy 1 to ${maxRechargeCards} cards at a time.` });
      return;
    }
    onNext(
      rechargePinChoice(
        {
          network_id: chosen.network_id,
          denomination,
          quantity,
          name_on_card: values.name_on_card,
        },
        catalogue,
      ),
    );
  });

  return (
    <form noValidate onSubmit={next}>
      <SelectField
        label="Network"
        placeholder="Choose a network"
        options={networksOf(catalogue)}
        error={errors.network_id?.message}
        {...form.register("network_id")}
      />
      <fieldset className="plans">
        <legend>Card value</legend>
        {!networkId && <p className="muted">Choose the network to see your price for each card.</p>}
        {rechargeDenominations.map((denomination) => {
          const offered = cardOf(denomination);
          const value = formatNaira(denomination, true);
          return (
            <label key={denomination} className="plan-option">
              <input
                type="radio"
                value={String(denomination)}
                disabled={Boolean(offered && !offered.available)}
                {...form.register("denomination")}
              />
              <span className="plan-size">
                {offered && !offered.available ? `${value} (unavailable)` : value}
              </span>
              {offered && (
                <>
                  <span className="plan-validity">Your price per card</span>
                  <span className="plan-price">{formatNaira(offered.price, true)}</span>
                </>
              )}
            </label>
          );
        })}
        {errors.denomination?.message && (
          <p className="field-error" role="alert">
            {errors.denomination.message}
          </p>
        )}
      </fieldset>
      <TextField
        label="How many cards"
        inputMode="numeric"
        autoComplete="off"
        maxLength={3}
        hint={
          card && total !== null
            ? `${formatNaira(card.price, true)} each: ${formatNaira(total)} in all. Up to ${maxRechargeCards} at a time.`
            : `Up to ${maxRechargeCards} at a time; 24 print on an A4 sheet.`
        }
        {...fieldOf(form, "quantity")}
      />
      <TextField
        label="Name on the cards"
        autoComplete="organization"
        maxLength={30}
        hint="Your business name, printed on each card: up to 30 letters, digits or punctuation."
        {...fieldOf(form, "name_on_card")}
      />
      <button type="submit" className="button wizard-next">
        Continue
      </button>
    </form>
  );
}
