import { z } from "zod";
import { profile } from "./auth";
import { personName, phone, role, timestamp } from "./common";

/** A row of the admin's user list. */
export const userSummary = z.object({
  id: z.uuid(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  phone: z.string(),
  role,
  is_active: z.boolean(),
  can_transact: z.boolean(),
  email_verified: z.boolean(),
  date_joined: timestamp,
  wallet_number: z.string().nullable(),
});
export type UserSummary = z.infer<typeof userSummary>;

export const userDetail = profile.extend({ is_active: z.boolean() });
export type UserDetail = z.infer<typeof userDetail>;

export const userListQuery = z.strictObject({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(20),
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
