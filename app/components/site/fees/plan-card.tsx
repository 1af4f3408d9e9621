import { Glyph } from "~/components/site/glyph";
import { classes } from "~/components/site/classes";
import { CtaLink } from "~/components/site/cta-link";
import type { Plan } from "./plans";
import { showsPricePeriod } from "./price";

/** One plan; its button opens the registration page in a new tab. */
export function PlanCard({ plan, popularLabel, signupUrl }: { plan: Plan; popularLabel: string; signupUrl: string | undefined }) {
  return (
    <article
      aria-labelledby={`plan-${plan.id}`}
      data-plan={plan.id}
      className={classes(
        "relative flex flex-col rounded-3xl bg-white p-8",
        plan.isPopular ? "shadow-xl shadow-brand/10 ring-2 ring-brand" : "shadow-sm ring-1 ring-slate-200",
      )}
    >
      {plan.isPopular ? (
        <p className="absolute -top-3.5 left-8 inline-flex items-center gap-1.5 rounded-full bg-brand px-3 py-1 text-xs font-semibold text-brand-foreground shadow">
          <Glyph name="sparkles" className="size-3.5" />
          {popularLabel}
        </p>
      ) : null}
      <h2 id={`plan-${plan.id}`} className="text-xl font-semibold text-slate-900">
        {plan.name}
      </h2>
      <p className="mt-2 min-h-12 text-sm text-slate-600">{plan.description}</p>
      <p className="mt-6 flex items-baseline gap-1">
        <span className="text-5xl font-extrabold tracking-tight text-slate-900">{plan.price}</span>
        {showsPricePeriod(plan.price) && plan.period ? (
          <span data-price-period="" className="text-base font-medium text-slate-500">
            {plan.period}
          </span>
        ) : null}
      </p>
      <CtaLink to={signupUrl} newTab variant={plan.isPopular ? "primary" : "outline"} size="block" className="mt-8" data-goal="signup">
        {plan.buttonText}
        <Glyph name="arrow-up-right" />
      </CtaLink>
      <ul className="mt-8 space-y-4 border-t border-slate-100 pt-8 text-sm">
        {plan.features.map((feature) => (
          <li key={`${feature.name}:${feature.value}`} className="flex gap-3">
            <Glyph name="check" className="mt-0.5 size-4 shrink-0 text-brand-accent" />
            {/* A div, not a span: a value with tiers is a list, which a span may not hold. */}
            <div className="flex-1">
              <span className="text-slate-600">{feature.name}</span>
              {feature.value ? <FeatureValue value={feature.value} /> : null}
            </div>
          </li>
        ))}
      </ul>
    </article>
  );
}

/** A value listing several tiers ('a · b · c') is shown one tier per line. */
function FeatureValue({ value }: { value: string }) {
  const tiers = value.split(/\s+·\s+/);
  if (tiers.length === 1) return <span className="float-right ml-3 text-right font-semibold text-slate-900">{value}</span>;
  return (
    <ul className="mt-2 space-y-1 font-semibold text-slate-900">
      {tiers.map((tier) => (
        <li key={tier}>{tier}</li>
      ))}
    </ul>
  );
}
