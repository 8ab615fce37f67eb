/** The /app pages: the sidebar lists all of them except the profile (spec section 2). */
export const customerPages = [
  { path: "/dashboard", label: "Dashboard", title: "Dashboard" },
  { path: "/fund-account", label: "Fund account", title: "Fund account" },
  { path: "/airtime-vtu", label: "Airtime", title: "Buy airtime" },
  { path: "/data-subscriptions", label: "Data", title: "Data subscriptions" },
  { path: "/cable-subscriptions", label: "Cable TV", title: "Cable TV subscriptions" },
  { path: "/utilities", label: "Electricity", title: "Electricity" },
  // Beyond spec section 2 (issue 37): WAEC, NECO, NABTEB and JAMB PINs.
  { path: "/exam-pins", label: "Exam PINs", title: "Exam PINs" },
  // Issue 37: cards of MTN, Airtel, Glo and 9mobile airtime to print and sell.
  { path: "/recharge-pins", label: "Recharge cards", title: "Recharge cards" },
  // Beyond spec section 2 (issue 37): airtime or data for up to 500 numbers at once.
  { path: "/bulk", label: "Bulk top-up", title: "Bulk top-up" },
  // Issue 38: airtime or data on a calendar, and TV renewals, bought with the PIN given once.
  { path: "/schedules", label: "Schedules", title: "Scheduled purchases" },
  { path: "/transaction-history", label: "Transaction history", title: "Transaction history" },
  // Beyond spec section 2 (issue 27): API keys and webhooks, listed only for a level with API access
  // (CustomerLayout); anyone may open the address and read how to get there.
  { path: "/developer", label: "Developer", title: "Developer" },
] as const;

/** The inbox of notices, reached from the bell in the top bar rather than the sidebar. */
export const inboxPath = "/notifications";
