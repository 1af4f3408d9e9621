import { isHexColour, readableTextOn } from "./colour";

const BRAND_COLOURS = [
  ["--brand-primary", "primary_color"],
  ["--brand-secondary", "secondary_color"],
  ["--brand-accent", "accent_color"],
] as const;

/**
 * Brand colours from the settings as CSS variables, each with a text colour that stays
 * legible on it. Only well-formed #rrggbb values reach the page; others keep the stylesheet's.
 */
export function brandThemeCss(settings: Record<string, string> | undefined): string {
  if (!settings) return "";
  const declarations = BRAND_COLOURS.flatMap(([variable, setting]) => {
    const value = settings[setting]?.trim();
    if (!isHexColour(value)) return [];
    return [`${variable}:${value}`, `${variable}-foreground:${readableTextOn(value)}`];
  });
  return declarations.length > 0 ? `:root{${declarations.join(";")}}` : "";
}
