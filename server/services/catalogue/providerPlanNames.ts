/**
 * A data plan's size, validity and kind read from the provider's name for it ("MTN N500 1GB - 1
 * day", "N100 100MB - 24 hrs", "Airtel 3.5GB Weekly (7 days)"), written the way our editors want
 * them. Null when the name does not say, so staff add that plan by hand instead of guessing.
 */
export function planParts(name: string) {
  const size = name.match(/(\d+(?:\.\d+)?)\s*(MB|GB|TB)\b/i);
  const period = name.match(/(\d{1,3})\s*(hrs?|hours?|days?|weeks?|months?)\b/i);
  if (!size || !period) return null;
  const count = Number(period[1]);
  const unit = (period[2] as string).toLowerCase();
  const days = unit.startsWith("h")
    ? count / 24
    : unit.startsWith("w")
      ? count * 7
      : unit.startsWith("m")
        ? count * 30
        : count;
  const validity = Number.isInteger(days)
    ? `${days} ${days === 1 ? "day" : "days"}`
    : `${count} ${count === 1 ? "hour" : "hours"}`;
  if (days <= 0 || days > 999) return null;
  const category = days <= 2 ? ("daily" as const) : days <= 14 ? ("weekly" as const) : ("monthly" as const);
  // Vendors write "1.0GB"; ours is "1GB".
  const sizeText = `${Number(size[1])}${(size[2] as string).toUpperCase()}`;
  const label = category === "daily" ? "Daily" : category === "weekly" ? "Weekly" : "Monthly";
  return { name: `${sizeText} ${label} (${validity})`, size: sizeText, validity, category };
}
