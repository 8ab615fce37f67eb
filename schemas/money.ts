// Built on first use: a browser page that loads this module before it shows any amount does not
// pay for building Intl formatters while it starts (see src/format/onFirstUse.ts).
let naira: Intl.NumberFormat | undefined;
let wholeNaira: Intl.NumberFormat | undefined;

/** 150000 kobo → "₦1,500.00"; with `short`, whole naira drop the kobo ("₦1,500"). */
export function formatNaira(kobo: number, short = false): string {
  if (short && kobo % 100 === 0) {
    wholeNaira ??= new Intl.NumberFormat("en-NG", {
      style: "currency",
      currency: "NGN",
      maximumFractionDigits: 0,
    });
    return wholeNaira.format(kobo / 100);
  }
  naira ??= new Intl.NumberFormat("en-NG", { style: "currency", currency: "NGN" });
  return naira.format(kobo / 100);
}
