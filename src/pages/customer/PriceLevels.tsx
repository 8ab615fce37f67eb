import { useCallback, useEffect, useState } from "react";
import { Link } from "wouter";
import type { Profile } from "../../../schemas/auth";
import type { CustomerLevel, LevelUpgradeResult } from "../../../schemas/levelUpgrades";
import { useCustomerServices } from "../../app/AppServices";
import { useLoad } from "../../app/useLoad";
import { LoadFailed } from "../../components/LoadFailed";
import { formatNaira } from "../../format/money";
import { useSession } from "../../session/useSession";
import { LevelUpgradeModal } from "./LevelUpgradeModal";
import { discountLines } from "./levelDiscounts";
import "./priceLevel.css";

/** A level's discounts and API access, as a list; the listed prices for a level without any. */
function Perks({ level }: { level: CustomerLevel }) {
  const lines = discountLines(level);
  const fixed = level.fixed_data_prices;
  if (lines.length === 0 && fixed === 0 && !level.api_access)
    return <p className="level-perks">None: you pay the listed prices.</p>;
  return (
    <ul className="level-perks">
      {lines.map((line) => (
        <li key={line}>{line}</li>
      ))}
      {fixed > 0 && <li>Special prices on {fixed === 1 ? "one data plan" : `${fixed} data plans`}</li>}
      {level.api_access && <li>API keys, to sell from your own website or app</li>}
    </ul>
  );
}

/**
 * The profile's price level section, under its title (`titleId`, drawn by the page): the customer's
 * own level and its discounts, and each level above it with its discounts and fee and an Upgrade
 * button, which asks for the PIN in a dialog. It comes with the profile's other parts (lazyPart),
 * as it reads the levels first anyway. Once upgraded the session's profile carries the new level
 * and balance, so this section and the rest of the app show them at once.
 */
export function PriceLevels({ profile, titleId }: { profile: Profile; titleId: string }) {
  const { customer } = useCustomerServices();
  const { send } = useSession();
  const loaded = useLoad(useCallback(() => customer.levels(), [customer]));
  const [chosen, setChosen] = useState<CustomerLevel | null>(null);
  const close = useCallback(() => setChosen(null), []);
  // After an upgrade its button is gone (the level is theirs now): focus goes to the section's title.
  const [upgrades, setUpgrades] = useState(0);
  useEffect(() => {
    if (upgrades > 0) document.getElementById(titleId)?.focus();
  }, [upgrades, titleId]);

  const levels = loaded.state === "failed" ? undefined : loaded.data;
  // The session's level is the truth once an upgrade changed it; the list's mark until then.
  const at = levels?.findIndex((l) => l.slug === (profile.level ?? levels.find((m) => m.current)?.slug));
  const current = at === undefined || at < 0 ? undefined : levels?.[at];
  const higher = levels && at !== undefined && at >= 0 ? levels.slice(at + 1) : [];
  const balance = profile.wallet?.balance ?? null;

  const upgraded = (result: LevelUpgradeResult) => {
    setChosen(null);
    setUpgrades((n) => n + 1);
    const wallet = profile.wallet && { ...profile.wallet, balance: result.transaction.balance_after ?? 0 };
    send({ type: "profile.update", profile: { ...profile, level: result.level, wallet } });
  };

  return (
    <>
      {!levels && loaded.state === "loading" && (
        <p role="status" className="muted">
          Loading the price levels…
        </p>
      )}
      {loaded.state === "failed" && (
        <LoadFailed message="We could not load the price levels." retry={loaded.retry} />
      )}
      {current && (
        <>
          <dl className="facts">
            <dt>Your level</dt>
            <dd>{current.name}</dd>
            <dt>Your discounts</dt>
            <dd>
              <Perks level={current} />
            </dd>
            {balance !== null && (
              <>
                <dt>Wallet balance</dt>
                <dd>{formatNaira(balance)}</dd>
              </>
            )}
          </dl>
          {higher.length === 0 && <p className="muted">You are on the highest level.</p>}
        </>
      )}
      {higher.length > 0 && (
        <ul className="level-offers">
          {higher.map((level) => (
            <li key={level.slug} className="level-offer">
              <h3>{level.name}</h3>
              <Perks level={level} />
              <p className="level-fee">
                {level.upgrade_fee > 0 ? (
                  <>
                    Upgrade fee <strong>{formatNaira(level.upgrade_fee)}</strong>, paid once from your wallet
                  </>
                ) : (
                  "No upgrade fee"
                )}
              </p>
              {balance !== null && balance < level.upgrade_fee && (
                <p className="muted">
                  Your wallet is {formatNaira(level.upgrade_fee - balance)} short.{" "}
                  <Link href="/fund-account">Fund your wallet</Link>
                </p>
              )}
              <button type="button" className="button" onClick={() => setChosen(level)}>
                Upgrade to {level.name}
              </button>
            </li>
          ))}
        </ul>
      )}
      {chosen && (
        <LevelUpgradeModal
          level={chosen}
          balance={balance}
          hasPin={profile.has_pin}
          onUpgraded={upgraded}
          onClose={close}
        />
      )}
    </>
  );
}
