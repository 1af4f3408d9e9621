import { Glyph } from "~/components/site/glyph";
import { previewMessages } from "~/features/releases/preview/preview";

/** A reviewer link that no longer opens anything: why, and what to do. */
export function PreviewRefused({ reason }: { reason: "unknown" | "expired" | "revoked" }) {
  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-50 p-6">
      <section className="max-w-md rounded-2xl border border-slate-200 bg-white p-8 text-center shadow-sm" data-testid="preview-refused">
        <span className="mx-auto grid size-14 place-items-center rounded-2xl bg-red-50 text-red-700">
          <Glyph name="lock" className="size-7" />
        </span>
        <h1 className="mt-6 text-xl font-bold text-slate-900">{previewMessages.refusedTitle}</h1>
        <p className="mt-3 text-slate-600">{previewMessages.refused[reason]}</p>
        <a href="/" className="mt-8 inline-block rounded-full bg-brand px-5 py-2.5 font-semibold text-brand-foreground">
          Return to Home
        </a>
      </section>
    </main>
  );
}
