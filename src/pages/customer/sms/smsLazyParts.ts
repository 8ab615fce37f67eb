import { lazyPart } from "../lazyPart";

// The receipt's SMS line and the profile's SMS setting load after their page has drawn, with their calls.
export const ReceiptSms = lazyPart(() => import("./ReceiptSms").then((m) => m.ReceiptSms));
export const SmsOutcomesSetting = lazyPart(() =>
  import("./SmsOutcomesSetting").then((m) => m.SmsOutcomesSetting),
);
