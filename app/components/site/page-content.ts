/** One page's content values by section name, defaults filled in by the server. */
export type PageContent = Record<string, string>;

/** The values of numbered keys (`card_1_title`, `card_2_title`, …) in order, empty ones left out. */
export function numbered(content: PageContent, prefix: string, count: number, suffix = ""): string[] {
  return Array.from({ length: count }, (_, index) => content[`${prefix}${index + 1}${suffix}`] ?? "").filter(
    (value) => value.trim() !== "",
  );
}
