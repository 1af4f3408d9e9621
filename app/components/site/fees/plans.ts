import type { PageContent } from "~/components/site/page-content";
import { parsePlanFeature, type PlanFeature } from "./price";

/** What a plan card shows: name, price, period, description, features (name and value), whether it is popular, and its button text. */
export interface Plan {
  id: "personal" | "business";
  name: string;
  price: string;
  period: string;
  description: string;
  features: PlanFeature[];
  isPopular: boolean;
  buttonText: string;
}

/** The plan's numbered features (`personal_feature_1` …) in order, then its transfers feature. */
function planFeatures(content: PageContent, id: Plan["id"]): PlanFeature[] {
  const numberedFeature = new RegExp(`^${id}_feature_(\\d+)$`);
  const sections = Object.keys(content)
    .map((section) => ({ section, number: Number(numberedFeature.exec(section)?.[1]) }))
    .filter((entry) => Number.isInteger(entry.number))
    .sort((a, b) => a.number - b.number)
    .map((entry) => entry.section);
  return [...sections, `${id}_feature_transfers`]
    .map((section) => content[section]?.trim() ?? "")
    .filter((text) => text !== "")
    .map(parsePlanFeature);
}

export function buildPlans(content: PageContent): Plan[] {
  return (["personal", "business"] as const).map((id) => ({
    id,
    name: content[`${id}_plan_name`] ?? "",
    price: content[`${id}_plan_price`] ?? "",
    period: content[`${id}_plan_period`] ?? "",
    description: content[`${id}_plan_description`] ?? "",
    features: planFeatures(content, id),
    isPopular: id === "business",
    buttonText: content[`${id}_plan_button_text`] ?? "",
  }));
}

/** The comparison table's rows: which plan includes what. */
export const comparisonRows = [
  { section: "comparison_feature_transfers", personal: true, business: true },
  { section: "comparison_feature_support", personal: false, business: true },
  { section: "comparison_feature_analytics", personal: true, business: true },
  { section: "comparison_feature_api", personal: false, business: true },
  { section: "comparison_feature_security", personal: true, business: true },
];
