import { useEffect, useRef, useState } from "react";

/**
 * The text an editor shows: the stored value until the administrator types, then theirs. A new
 * stored value (a save coming back through the loader, the revalidation after 'Оставить их
 * версию') replaces the draft only while nothing has been typed since the last sync, so a
 * revalidation that lands late never overwrites what the administrator is typing.
 */
export function useDraft(stored: string) {
  const [draft, setDraft] = useState(stored);
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
