/**
 * Joins class names, skipping empty ones. The public pages use this instead of `cn`
 * (tailwind-merge) to stay within their JavaScript budget: their class lists never conflict.
 */
export function classes(...names: (string | false | null | undefined)[]): string {
  return names.filter(Boolean).join(" ");
}
