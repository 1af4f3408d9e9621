import type { ReactNode } from "react";
import { classes } from "./classes";

// Vertical spacing as whole sets, so that no two padding utilities ever compete.
const paddings = {
  normal: "py-16 sm:py-24",
  compact: "py-12 sm:py-16",
  /** Follows a section with the same background. */
  noTop: "pb-16 sm:pb-24",
  /** Right under a page hero. */
  afterHero: "pt-12 pb-16 sm:pt-16 sm:pb-24",
};

/** A page section that fades in on scroll, with the site's width and spacing. */
export function Section({
  className,
  innerClassName,
  padding = "normal",
  children,
  labelledBy,
}: {
  /** Background and the like; the spacing comes from `padding`. */
  className?: string;
  innerClassName?: string;
  padding?: keyof typeof paddings;
  children: ReactNode;
  labelledBy?: string;
}) {
  return (
    <section aria-labelledby={labelledBy} className={classes(paddings[padding], className)}>
      <div data-reveal="" className={classes("container-site", innerClassName)}>
        {children}
      </div>
    </section>
  );
}

/** A section's title and subtitle; inside `.on-dark` they turn light. */
export function SectionHeading({
  id,
  title,
  subtitle,
  align = "center",
}: {
  id?: string;
  title: string | undefined;
  subtitle?: string;
  align?: "center" | "left";
}) {
  return (
    <div className={align === "center" ? "mx-auto max-w-2xl text-center" : "max-w-2xl"}>
      <h2 id={id} className="section-title">
        {title}
      </h2>
      {subtitle ? <p className="section-subtitle">{subtitle}</p> : null}
    </div>
  );
}

/** The light hero at the top of the inner pages. */
export function PageHero({
  badge,
  title,
  subtitle,
  children,
}: {
  badge?: string;
  title: string | undefined;
  subtitle?: string;
  children?: ReactNode;
}) {
  return (
    <section className="page-hero-surface">
      <div className="mx-auto max-w-4xl px-4 pt-16 pb-14 text-center sm:px-6 sm:pt-24 sm:pb-20">
        {badge ? <p className="badge">{badge}</p> : null}
        <h1 className="mt-5 text-4xl font-extrabold tracking-tight text-balance text-slate-900 sm:text-5xl lg:text-6xl">{title}</h1>
        {subtitle ? <p className="mx-auto mt-5 max-w-2xl text-lg text-pretty text-slate-600 sm:text-xl">{subtitle}</p> : null}
        {children ? <div className="mt-8 flex flex-wrap justify-center gap-3">{children}</div> : null}
      </div>
    </section>
  );
}
