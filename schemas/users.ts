import { z } from "zod/mini";
import { profile } from "./auth";
import { pageQuery, personName, phone, role } from "./common";
import { adminKycStatus } from "./kycStatus";
import { levelSlug } from "./levelSlugs";
import { transaction } from "./transactions";

/** A row of the admin's user list: the profile's identity fields, whether active, the wallet number. */
export const userSummary = z.extend(
  z.pick(profile, {
    id: true,
    first_name: true,
    last_name: true,
    email: true,
    phone: true,
    role: true,
    can_transact: true,
    email_verified: true,
    date_joined: true,
  }),
  { is_active: z.boolean(), wallet_number: z.nullable(z.string()) },
);
export type UserSummary = z.infer<typeof userSummary>;

export const userDetail = z.extend(profile, {
  is_active: z.boolean(),
  kyc: z.nullable(adminKycStatus).check(z.meta({ description: "Customers only" })),
  recent_transactions: z.array(transaction).check(z.meta({ description: "The newest 10" })),
});
export type UserDetail = z.infer<typeof userDetail>;

export const userListQuery = z.extend(pageQuery, {
  search: z.optional(z.string().check(z.trim(), z.maxLength(100))),
  role: z.optional(role),
});

export const adminUserPatch = z
  .strictObject({
    first_name: z.optional(personName("First name")),
    last_name: z.optional(personName("Last name")),
    phone: z.optional(phone),
    role: z.optional(role).check(z.meta({ title: "Role" })),
    is_active: z
      .optional(z.boolean())
      .check(z.meta({ title: "Active", description: "Off ends every session" })),
    can_transact: z
      .optional(z.boolean())
      .check(z.meta({ title: "May transact", description: "Off suspends purchases and funding" })),
    level: z
      .optional(levelSlug)
      .check(z.meta({ title: "Price level", description: "Customers only: what they pay (audited)" })),
  })
  .check(z.refine((body) => Object.keys(body).length > 0, { error: "Change at least one field." }));
export type AdminUserPatch = z.infer<typeof adminUserPatch>;
