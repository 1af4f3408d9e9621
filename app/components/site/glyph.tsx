import type { GlyphName } from "./glyph-names";

/**
 * A 24px line icon drawn in the current text colour: the SVG in public/icons is a CSS mask
 * (.glyph in app.css), so the page's script carries only the icon's name. Decorative unless
 * given a label.
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
