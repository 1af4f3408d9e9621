import type { GlyphName } from "./glyph-names";

/**
 * A 24px line icon drawn in the current text colour: its SVG is a CSS mask embedded in
 * glyphs.css (generated from ./icons), so the page's script carries only the icon's name and
 * the page makes no request per icon. Decorative unless given a label.
 */
export function Glyph({ name, className = "", label }: { name: GlyphName; className?: string; label?: string }) {
  return (
    <span
      className={`glyph glyph-${name} ${className}`}
      role={label ? "img" : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : "true"}
    />
  );
}
