import { Eye } from "lucide-react";
import { previewHref, previewPathFor } from "~/features/releases/preview/preview";
import { useDrafting } from "./drafting-bar";
import { useMessages } from "~/components/admin/i18n/messages-context";

/**
 * Beside a card's live value: the value the open release stages for the same key, so the
 * administrator sees both. Nothing when the release does not change this card.
 */
export function StagedNote({ itemKey }: { itemKey: string }) {
  const { m } = useMessages();
  const drafting = useDrafting();
  const staged = drafting?.release ? drafting.staged[itemKey] : undefined;
  if (!drafting?.release || !staged) return null;
  const text =
    staged.value === null ? m.releases.staged.removing : staged.display === "html" ? m.releases.staged.newDocument : staged.value;
  return (
    <p className="mt-2 rounded-md border border-amber-200 bg-amber-50 px-2 py-1 text-sm text-amber-950" data-testid="staged-value">
      <span className="font-medium">{m.releases.staged.inRelease({ name: drafting.release.name })}</span>{" "}
      <span className="break-words">{text}</span>
      <span className="block text-xs text-amber-800">{m.releases.staged.liveNote}</span>
      <a
        href={previewHref(drafting.release.id, previewPathFor(itemKey))}
        className="mt-1 inline-flex items-center gap-1 text-xs font-medium text-amber-950 underline underline-offset-2"
      >
        <Eye aria-hidden="true" className="size-3.5" /> {m.releases.staged.preview}
      </a>
    </p>
  );
}
