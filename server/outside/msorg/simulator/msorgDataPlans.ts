/**
 * The simulated vendor's data plans, priced as SME-data vendors sold them in late 2026 (MTN SME
 * 1 GB about ₦235). `network` is the `data/` network id (2 9MOBILE, 3 GLO).
 */

export type MsorgPlanType = "SME" | "CORPORATE GIFTING" | "GIFTING";

export interface MsorgDataPlan {
  dataplan_id: number;
  network: number;
  plan_type: MsorgPlanType;
  /** The size as the vendors write it: "1.0GB", "500.0MB". */
  plan: string;
  month_validate: string;
  amountKobo: number;
}

type Row = [id: number, network: number, type: MsorgPlanType, plan: string, validity: string, naira: number];

const rows: Row[] = [
  [6, 1, "SME", "500.0MB", "30 days", 135],
  [7, 1, "SME", "1.0GB", "30 days", 235],
  [8, 1, "SME", "2.0GB", "30 days", 470],
  [11, 1, "SME", "3.0GB", "30 days", 705],
  [43, 1, "SME", "5.0GB", "30 days", 1_175],
  [212, 1, "SME", "10.0GB", "30 days", 2_350],
  [240, 1, "CORPORATE GIFTING", "500.0MB", "30 days", 145],
  [241, 1, "CORPORATE GIFTING", "1.0GB", "30 days", 265],
  [242, 1, "CORPORATE GIFTING", "2.0GB", "30 days", 530],
  [243, 1, "CORPORATE GIFTING", "5.0GB", "30 days", 1_325],
  [300, 1, "GIFTING", "1.5GB", "7 days", 960],
  [301, 1, "GIFTING", "6.0GB", "7 days", 2_450],
  [230, 2, "CORPORATE GIFTING", "500.0MB", "30 days", 110],
  [231, 2, "CORPORATE GIFTING", "1.0GB", "30 days", 210],
  [232, 2, "CORPORATE GIFTING", "2.0GB", "30 days", 420],
  [233, 2, "CORPORATE GIFTING", "5.0GB", "30 days", 1_050],
  [320, 2, "GIFTING", "1.5GB", "30 days", 960],
  [250, 3, "CORPORATE GIFTING", "500.0MB", "30 days", 125],
  [251, 3, "CORPORATE GIFTING", "1.0GB", "30 days", 245],
  [252, 3, "CORPORATE GIFTING", "2.0GB", "30 days", 490],
  [253, 3, "CORPORATE GIFTING", "5.0GB", "30 days", 1_225],
  [330, 3, "GIFTING", "2.6GB", "30 days", 960],
  [270, 4, "CORPORATE GIFTING", "500.0MB", "30 days", 145],
  [271, 4, "CORPORATE GIFTING", "1.0GB", "30 days", 275],
  [272, 4, "CORPORATE GIFTING", "2.0GB", "30 days", 550],
  [273, 4, "CORPORATE GIFTING", "5.0GB", "30 days", 1_375],
  [280, 4, "SME", "1.0GB", "7 days", 290],
  [340, 4, "GIFTING", "2.0GB", "30 days", 1_440],
];

export const dataPlans: readonly MsorgDataPlan[] = rows.map(
  ([dataplan_id, network, plan_type, plan, month_validate, naira]) => ({
    dataplan_id,
    network,
    plan_type,
    plan,
    month_validate,
    amountKobo: naira * 100,
  }),
);
