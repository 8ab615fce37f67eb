import type { Profile } from "../../schemas/auth";
import { type KycStatus, kycStatus } from "../../schemas/kycStatus";
import type { PriceLevel, PriceLevelInConsole } from "../../schemas/levels";

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
  level: "customer",
  second_factor: "not_needed",
};

/** The same customer once a transaction PIN is set, as anyone who has bought before. */
export const customerWithPin: Profile = { ...customerProfile, has_pin: true };

export const staffProfile: Profile = {
  ...customerProfile,
  id: "7b2d2f3e-9a1d-4c36-8e0b-6f1f2a3b4c5d",
  first_name: "Tunde",
  email: "tunde@example.com",
  role: "staff",
  wallet: null,
  kyc_tier: null,
  level: null,
  second_factor: "done",
};

/** A tier 1 customer's KYC status with the default limits; parsed, so no test feeds a page what the client would refuse. */
export const tier1Kyc = (overrides: Partial<KycStatus> = {}): KycStatus =>
  kycStatus.parse({
    tier: 1,
    tier_source: "signup",
    id_type: null,
    id_last4: null,
    verified_name: null,
    verified_at: null,
    daily_limit: 5_000_000,
    max_balance: 30_000_000,
    spent_today: 0,
    can_verify: true,
    details_locked: false,
    last_check: null,
    change_request: null,
    contest: null,
    confirmation: null,
    ...overrides,
  });

/** A customer raised to tier 2 by a BVN check, at tier 2's limits, nothing spent unless `overrides` say. */
export const tier2Kyc = (overrides: Partial<KycStatus> = {}): KycStatus =>
  tier1Kyc({
    tier: 2,
    tier_source: "identity_check",
    id_type: "bvn",
    id_last4: "1234",
    verified_name: "NGOZI ADEYEMI",
    verified_at: "2026-01-05T09:00:00.000Z",
    daily_limit: 20_000_000,
    max_balance: 50_000_000,
    can_verify: false,
    details_locked: true,
    ...overrides,
  });

/** A price level as GET /sys.admin/levels gives it: no fee, no discount and no API keys unless `overrides` say. */
export const priceLevelOf = (
  slug: PriceLevel["slug"],
  position: number,
  name: string,
  overrides: Partial<PriceLevelInConsole> = {},
): PriceLevelInConsole => ({
  slug,
  name,
  position,
  upgrade_fee: 0,
  airtime_percent: 0,
  data_sme_percent: 0,
  data_corporate_gifting_percent: 0,
  data_gifting_percent: 0,
  data_direct_percent: 0,
  tv_percent: 0,
  electricity_percent: 0,
  exam_pin_percent: 0,
  recharge_pin_percent: 0,
  api_access: false,
  updated_at: null,
  capped: [],
  ...overrides,
});
