/**
 * The informational and marketing pages of spec section 2. The router needs only these paths; the
 * words live in the lazily loaded page. `built: false` marks offerings OjaPay does not provide yet.
 */
export const infoPaths = [
  "/contact-support",
  "/faqs",
  "/about-us",
  "/sch-pay",
  "/unilorin-shuttle",
  "/dollar-card",
  "/foreign-account",
  "/digital-banking",
  "/airtime-VTU",
  "/bill-payment",
  "/cable-subscription",
  "/data-subscription",
  "/payment-form",
] as const;

export type InfoPath = (typeof infoPaths)[number];

/**
 * Where customers write to OjaPay's support, said by the contact and info pages and the profile. Kept
 * here, in the entry that every page has already downloaded, so reading it costs no request.
 */
export const supportEmail = "support@ojapay.ng";
