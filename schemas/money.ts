const naira = new Intl.NumberFormat("en-NG", { style: "currency", currency: "NGN" });
const wholeNaira = new Intl.NumberFormat("en-NG", {
  style: "currency",
  currency: "NGN",
  maximumFractionDigits: 0,
});

/** 150000 kobo → "₦1,500.00"; with `short`, whole naira drop the kobo ("₦1,500"). */
export function formatNaira(kobo: number, short = false): string {
  return (short && kobo % 100 === 0 ? wholeNaira : naira).format(kobo / 100);
}
