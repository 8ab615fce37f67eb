/** Where customers write to OjaPay's support: the contact page, the info pages and the profile say this one address. */
export const supportEmail = "support@ojapay.ng";
