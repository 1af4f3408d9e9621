import type { ComponentProps } from "react";
import { classes } from "./classes";
import { SiteLink } from "./site-link";

// The styles are the .cta classes in app.css.
const variants = { primary: "cta-primary", outline: "cta-outline", light: "cta-light", ghostLight: "cta-ghost-light" };
const sizes = { md: "", lg: "cta-lg", block: "cta-block" };

/** A link that looks like a button (every call to action of the public pages). */
export function CtaLink({
  variant = "primary",
  size = "md",
  className,
  ...props
}: Omit<ComponentProps<typeof SiteLink>, "className"> & {
  /** `light` and `ghostLight` sit on the dark surfaces. */
  variant?: keyof typeof variants;
  size?: keyof typeof sizes;
  /** Layout only (margins, placement): colours and sizes come from the variant and size. */
  className?: string;
}) {
  return <SiteLink className={classes("cta", variants[variant], sizes[size], className)} {...props} />;
}
