import { Glyph } from "~/components/site/glyph";
import type { GlyphName } from "./glyph-names";
import { CtaLink } from "./cta-link";

/** /login and /signup: the customer web app is not part of this site yet. */
export function AppComingSoon({ icon, title, text }: { icon: GlyphName; title: string; text: string }) {
  return (
    <section className="page-hero-surface">
      <div className="mx-auto flex max-w-lg flex-col items-center px-4 py-20 text-center sm:py-28">
        <span className="grid size-16 place-items-center rounded-2xl bg-gradient-to-br from-brand to-brand-accent text-white shadow-xl shadow-brand/25">
          <Glyph name={icon} className="size-8" />
        </span>
        <h1 className="mt-8 text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl">{title}</h1>
        <p className="mt-4 text-lg text-slate-600">{text}</p>
        <div className="mt-10 flex flex-col gap-3 sm:flex-row">
          <CtaLink to="/contact" size="lg">
            <Glyph name="mail" />
            Contact us
          </CtaLink>
          <CtaLink to="/" variant="outline" size="lg">
            <Glyph name="arrow-left" />
            Back to home
          </CtaLink>
        </div>
      </div>
    </section>
  );
}
