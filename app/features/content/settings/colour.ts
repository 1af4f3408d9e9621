const HEX_COLOUR = /^#[0-9a-f]{6}$/i;

export const WHITE = "#ffffff";
/** The site's dark text colour (Tailwind slate-900). */
export const INK = "#0f172a";

export function isHexColour(value: string | undefined): value is string {
  return value !== undefined && HEX_COLOUR.test(value);
}

function channel(value: number) {
  const srgb = value / 255;
  return srgb <= 0.03928 ? srgb / 12.92 : ((srgb + 0.055) / 1.055) ** 2.4;
}

/** WCAG 2 relative luminance of a #rrggbb colour. */
export function relativeLuminance(hex: string): number {
  const [red, green, blue] = [1, 3, 5].map((start) => channel(Number.parseInt(hex.slice(start, start + 2), 16)));
  return 0.2126 * red! + 0.7152 * green! + 0.0722 * blue!;
}

/** WCAG 2 contrast ratio between two #rrggbb colours (1 to 21). */
export function contrastRatio(first: string, second: string): number {
  const [light, dark] = [relativeLuminance(first), relativeLuminance(second)].sort((a, b) => b - a);
  return (light! + 0.05) / (dark! + 0.05);
}

/**
 * White or ink, whichever reads better on the background: an administrator may pick any brand
 * colour, and text on it must stay legible.
 */
export function readableTextOn(background: string): string {
  return contrastRatio(background, WHITE) >= contrastRatio(background, INK) ? WHITE : INK;
}
