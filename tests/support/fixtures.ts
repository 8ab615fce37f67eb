import type { Profile } from "../../schemas/auth";

export const customerProfile: Profile = {
  id: "6a1c1f2e-9a1d-4c36-8e0b-6f1f2a3b4c5d",
  first_name: "Ngozi",
  last_name: "Adeyemi",
  email: "ngozi@example.com",
  phone: "08031234567",
  role: "customer",
  can_transact: true,
  email_verified: true,
  has_pin: false,
  date_of_birth: null,
  date_joined: "2024-02-10T11:00:00.000Z",
  referral_code: "NGOZI234",
  wallet: { number: "3012345678", balance: 0 },
  kyc_tier: 1,
  second_factor: "not_needed",
};

export const staffProfile: Profile = {
  ...customerProfile,
  id: "7b2d2f3e-9a1d-4c36-8e0b-6f1f2a3b4c5d",
  first_name: "Tunde",
  email: "tunde@example.com",
  role: "staff",
  wallet: null,
  kyc_tier: null,
  second_factor: "done",
};
