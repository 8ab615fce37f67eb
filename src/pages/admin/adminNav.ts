import type { Role } from "../../../schemas/common";

/**
 * Every admin route of spec section 2 (paths relative to /admin), who may open it, and its sidebar
 * label. Staff see the staff items; admins see everything.
 */
export interface AdminPage {
  path: string;
  title: string;
  label?: string;
  roles: readonly Role[];
  /** Listed in the sidebar; pages reached from another page (details) are not. */
  inNav: boolean;
}

const staff = ["staff", "admin"] as const;
const admin = ["admin"] as const;

export const adminPages = [
  { path: "/dashboard", title: "Dashboard", roles: staff, inNav: true },
  // Beyond spec section 2: staff fund wallets and look customers up here, as Manage users is admin-only.
  { path: "/find-customer", title: "Find a customer", roles: staff, inNav: true },
  // Corrections of details a failed identity check fixed, and contests of a linked BVN or NIN.
  { path: "/identity-reviews", title: "Identity reviews", roles: staff, inNav: true },
  // Customers' "Report a problem": the queue, oldest first, with its 72-hour deadlines.
  { path: "/disputes", title: "Disputes", roles: staff, inNav: true },
  { path: "/manage-users", title: "Manage users", roles: admin, inNav: true },
  { path: "/manage-users/:id", title: "User details", roles: admin, inNav: false },
  { path: "/transactions", title: "Transactions History", label: "Transactions", roles: admin, inNav: true },
  // Every list links its rows here; staff open it too, to refund or requery.
  { path: "/transactions/:id", title: "Transaction", roles: staff, inNav: false },
  { path: "/revenue", title: "Revenue", roles: admin, inNav: true },
  { path: "/audit", title: "Audit log", roles: admin, inNav: true },
  { path: "/referrals", title: "Referrals", roles: admin, inNav: true },
  // Who purchases are bought from and in what order; its API is sys.admin/, so admins only.
  { path: "/providers", title: "Providers", roles: admin, inNav: true },
  // What agents and resellers pay and what moving up costs; its API is sys.admin/, so admins only.
  { path: "/price-levels", title: "Price levels", roles: admin, inNav: true },
  // Who buys through the reseller API, and every key to revoke; its API is sys.admin/, so admins only.
  { path: "/api-users", title: "API users", roles: admin, inNav: true },
  { path: "/notify/all", title: "Send notification", label: "Send", roles: admin, inNav: true },
  { path: "/notify/circular", title: "Circular", roles: admin, inNav: true },
  { path: "/manage-airtime", title: "Airtime controls", roles: staff, inNav: true },
  { path: "/airtime-transactions", title: "Airtime transactions", roles: staff, inNav: true },
  { path: "/manage-databundle/1", title: "MTN data plans", roles: staff, inNav: true },
  { path: "/manage-databundle/2", title: "GLO data plans", roles: staff, inNav: true },
  { path: "/manage-databundle/3", title: "9Mobile data plans", roles: staff, inNav: true },
  { path: "/manage-databundle/4", title: "Airtel data plans", roles: staff, inNav: true },
  { path: "/databundle-transactions", title: "Data bundle transactions", roles: staff, inNav: true },
  { path: "/manage-tv", title: "TV controls", roles: staff, inNav: true },
  { path: "/manage-tv/:id", title: "TV bouquets", roles: staff, inNav: false },
  { path: "/tv-transactions", title: "TV transactions", roles: staff, inNav: true },
  { path: "/manage-electricity", title: "Electricity controls", roles: staff, inNav: true },
  { path: "/electricity-transactions", title: "Electricity transactions", roles: staff, inNav: true },
  // Staff read the exam PINs and their offers; adding and editing them is admins' (sys.admin/).
  { path: "/manage-exam-pins", title: "Exam PINs", roles: staff, inNav: true },
  { path: "/exam-pin-transactions", title: "Exam PIN transactions", roles: staff, inNav: true },
  // Staff read the recharge cards and their offers; pricing them is admins' (sys.admin/).
  { path: "/manage-recharge-pins", title: "Recharge cards", roles: staff, inNav: true },
  { path: "/recharge-pin-transactions", title: "Recharge card transactions", roles: staff, inNav: true },
] as const satisfies readonly AdminPage[];

export type AdminPath = (typeof adminPages)[number]["path"];

export const mayOpen = (page: AdminPage, role: Role) => page.roles.includes(role);

export function navFor(role: Role) {
  return adminPages
    .filter((page: AdminPage) => page.inNav && mayOpen(page, role))
    .map((page: AdminPage) => ({ href: page.path, label: page.label ?? page.title }));
}
