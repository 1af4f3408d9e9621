/**
 * Whether a plan's period suffix (e.g. '/month') follows its price: not for 'Free', nor for
 * a price that already mentions a month ('€17 per month', '€17/month', 'Monthly: €17').
 */
export function showsPricePeriod(price: string): boolean {
  const text = price.trim().toLowerCase();
  return text !== "free" && !text.includes("month");
}

export interface PlanFeature {
  name: string;
  value: string;
}

/** A feature is stored as 'Name: value'; text without a colon is a name alone. */
export function parsePlanFeature(text: string): PlanFeature {
  const colon = text.indexOf(":");
  if (colon === -1) return { name: text.trim(), value: "" };
  return { name: text.slice(0, colon).trim(), value: text.slice(colon + 1).trim() };
}
