import type { Profile } from "../../../schemas/auth";

/**
 * The profile's Verified or Not Verified badge (spec section 2: from can_transact) and what it means,
 * beside it: the email confirmed and the account free to add money and buy. It says nothing of the
 * identity check, which is the Account status of the Wallet and verification section; without these
 * words the two read as a contradiction ("Verified" above "Not verified").
 */
export function AccountBadge({ profile }: { profile: Pick<Profile, "can_transact" | "email_verified"> }) {
  const note = profile.can_transact
    ? "Email confirmed: you can add money and buy."
    : profile.email_verified
      ? "Adding money and buying are stopped on this account. Please contact support."
      : "Confirm your email to add money and buy.";
  return (
    <>
      <span className={`badge ${profile.can_transact ? "badge-ok" : "badge-warn"}`}>
        {profile.can_transact ? "Verified" : "Not Verified"}
      </span>
      <p className="muted badge-note">{note}</p>
    </>
  );
}
