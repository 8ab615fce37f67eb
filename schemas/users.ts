import { z } from "zod";
import { profile } from "./auth";
import { pageQuery, personName, phone, role } from "./common";
import { adminKycStatus } from "./kyc";
import { transaction } from "./transactions";

/** A row of the admin's user list: the profile's identity fields, whether active, the wallet number. */
export const userSummary = profile
  .pick({
    id: true,
    first_name: true,
    last_name: true,
    email: true,
    phone: true,
    role: true,
    can_transact: true,
    email_verified: true,
    date_joined: true,
  })
  .extend({ is_active: z.boolean(), wallet_number: z.string().nullable() });
export type UserSummary = z.infer<typeof userSummary>;

export const userDetail = profile.extend({
  is_active: z.boolean(),
  kyc: adminKycStatus.nullable().meta({ description: "Customers only" }),
  recent_transactions: z.array(transaction).meta({ description: "The newest 10" }),
});
export type UserDetail = z.infer<typeof userDetail>;

export const userListQuery = pageQuery.extend({
  search: z.string().trim().max(100).optional(),
  role: role.optional(),
});

export const adminUserPatch = z
  .strictObject({
    first_name: personName("First name").optional(),
    last_name: personName("Last name").optional(),
    phone: phone.optional(),
    role: role.optional().meta({ title: "Role" }),
    is_active: z.boolean().optional().meta({ title: "Active", description: "Off ends every session" }),
    can_transact: z
      .boolean()
      .optional()
      .meta({ title: "May transact", description: "Off suspends purchases and funding" }),
  })
  .refine((body) => Object.keys(body).length > 0, { error: "Change at least one field." });
export type AdminUserPatch = z.infer<typeof adminUserPatch>;
