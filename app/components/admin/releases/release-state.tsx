import { useMessages } from "~/components/admin/i18n/messages-context";
import type { ReleaseState } from "~/features/releases/contract";
import { cn } from "~/platform/cn";

const tones: Record<ReleaseState, string> = {
  draft: "bg-slate-100 text-slate-800",
  in_review: "bg-amber-100 text-amber-900",
  approved: "bg-emerald-100 text-emerald-900",
  scheduled: "bg-indigo-100 text-indigo-900",
  published: "bg-green-100 text-green-900",
  failed: "bg-red-100 text-red-900",
  cancelled: "bg-slate-200 text-slate-700",
};

/** A release's state as a small coloured label. */
export function ReleaseStateBadge({ state }: { state: ReleaseState }) {
  const { m } = useMessages();
  return (
    <span data-testid="release-state" className={cn("rounded-full px-2 py-0.5 text-xs font-medium", tones[state])}>
      {m.releases.states[state]}
    </span>
  );
}
