import { useEffect, useRef, useState } from "react";
import { useLivePreview } from "~/components/admin/releases/preview-context";

/**
 * The text an editor shows: the stored value until the administrator types, then theirs. A new
 * stored value (a save coming back through the loader, the revalidation after 'Оставить их
 * версию') replaces the draft only while nothing has been typed since the last sync, so a
 * revalidation that lands late never overwrites what the administrator is typing. With
 * `previewKey` (`page/section`), what is typed also goes to the live preview beside the editor.
 */
export function useDraft(stored: string, previewKey?: string) {
  const [draft, setDraft] = useState(stored);
  const livePreview = useLivePreview();
  const typed = useRef(false);
  useEffect(() => {
    if (!typed.current) setDraft(stored);
  }, [stored]);
  return {
    draft,
    /** What the administrator typed. */
    edit: (value: string) => {
      typed.current = true;
      setDraft(value);
      if (previewKey) livePreview?.report(previewKey, value);
    },
    /** A value put in the editor for them (theirs, after a conflict). */
    replace: (value: string) => {
      typed.current = false;
      setDraft(value);
    },
    /** The draft was sent: the stored value that comes back becomes the draft. */
    submitted: () => {
      typed.current = false;
    },
  };
}
