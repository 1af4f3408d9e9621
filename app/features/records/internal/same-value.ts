/** Whether two record values are the same, whatever the order of their objects' keys. */
export function sameValue(a: unknown, b: unknown): boolean {
  return stableText(a ?? null) === stableText(b ?? null);
}

function stableText(value: unknown): string {
  return JSON.stringify(value, (_key, entry: unknown) =>
    entry && typeof entry === "object" && !Array.isArray(entry) && !(entry instanceof Date)
      ? Object.fromEntries(Object.entries(entry as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : entry,
  );
}
