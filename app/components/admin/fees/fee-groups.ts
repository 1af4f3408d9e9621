import { feesKeys } from "~/features/content/catalogue/fees";

/** The sub-tabs of the 'Prices and tariffs' tab, in order (their names: `fees.groups` in the message catalogue). */
export const feeGroups = [
  { id: "general", prefixes: ["page_", "before_registration_", "account_limits_"] },
  { id: "personal", prefixes: ["personal_"] },
  { id: "business", prefixes: ["business_", "popular_"] },
  { id: "comparison", prefixes: ["comparison_"] },
  { id: "faq", prefixes: ["faq_"] },
  { id: "cta", prefixes: ["cta_"] },
] as const;

export type FeeGroupId = (typeof feeGroups)[number]["id"];

/**
 * The sub-tab a fees key belongs to, from the start of its name. A key added to the
 * catalogue later with another name still gets a field, under General.
 */
export function feeGroupOf(section: string): FeeGroupId {
  const group = feeGroups.find((candidate) => candidate.prefixes.some((prefix) => section.startsWith(prefix)));
  return group?.id ?? "general";
}

/** Every key of the fees catalogue under its sub-tab, in catalogue order. */
export function fieldsByGroup(): Record<FeeGroupId, string[]> {
  const groups = Object.fromEntries(feeGroups.map((group) => [group.id, [] as string[]])) as Record<FeeGroupId, string[]>;
  for (const entry of feesKeys) {
    groups[feeGroupOf(entry.section)].push(entry.section);
  }
  return groups;
}

/** Description and answer fields get a taller editor. */
export const isLongFeeField = (section: string) => /description|answer/.test(section);
