/** A simple page body used until a page's full design lands. */
export function PagePlaceholder({ title, subtitle }: { title?: string; subtitle?: string }) {
  return (
    <section className="mx-auto max-w-4xl px-4 py-20 text-center">
      <h1 className="text-4xl font-bold tracking-tight text-slate-900">{title}</h1>
      {subtitle ? <p className="mt-4 text-lg text-slate-600">{subtitle}</p> : null}
    </section>
  );
}
