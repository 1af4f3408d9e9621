import { useEffect, useRef, useState } from "react";
import type { Delta } from "~/features/content/legal/schema";
import { useMessages } from "~/components/admin/i18n/messages-context";
import { QUILL_FORMATS, QUILL_PICKER_NAMES, quillToolbar } from "./quill-options";

/** The legal editor's toolbar: headings 1-6 and the shared formats. */
const TOOLBAR = quillToolbar([1, 2, 3, 4, 5, 6]);
const FORMATS = QUILL_FORMATS;
const PICKER_NAMES = QUILL_PICKER_NAMES;

export const EDITOR_HEIGHT = "400px";

export interface EditorContent {
  html: string;
  /** The Delta as JSON, stored in rich_content. */
  delta: string;
}

/**
 * Quill 2 in the admin only. NOTE: Quill touches `document` when imported, so it is imported
 * here, inside an effect, and never from a module a public page (or the server) loads.
 */
export function LegalEditor({
  label,
  initialHtml,
  initialDelta,
  onChange,
}: {
  label: string;
  initialHtml: string;
  initialDelta: Delta | null;
  /** Called once with the loaded content (the baseline), then after every edit. */
  onChange: (content: EditorContent) => void;
}) {
  const { m } = useMessages();
  const host = useRef<HTMLDivElement>(null);
  const report = useRef(onChange);
  report.current = onChange;
  const [ready, setReady] = useState(false);

  useEffect(() => {
    const container = host.current;
    if (!container) return;
    let cancelled = false;
    void import("quill").then(({ default: Quill }) => {
      if (cancelled) return;
      const element = document.createElement("div");
      element.style.height = EDITOR_HEIGHT;
      container.append(element);
      const quill = new Quill(element, { theme: "snow", modules: { toolbar: TOOLBAR }, formats: FORMATS });
      quill.root.setAttribute("aria-label", label);
      // Quill's drop-down pickers are buttons without a name for screen readers.
      for (const [picker, name] of PICKER_NAMES) {
        container.querySelector(`.ql-toolbar ${picker} .ql-picker-label`)?.setAttribute("aria-label", m.legal[name]);
      }
      // The Delta was checked on the server (schemas/legal.ts) before it reached the page.
      if (initialDelta) quill.setContents(initialDelta.ops as Parameters<typeof quill.setContents>[0], "silent");
      else quill.clipboard.dangerouslyPasteHTML(initialHtml, "silent");
      // NOTE: Quill 2.0.3 writes every space as &nbsp; in semantic HTML, which stops lines
      // from wrapping on the public page; its own escaping never produces "&nbsp;" otherwise.
      const read = (): EditorContent => ({
        html: quill.getSemanticHTML().replaceAll("&nbsp;", " "),
        delta: JSON.stringify(quill.getContents()),
      });
      report.current(read());
      quill.on("text-change", () => report.current(read()));
      setReady(true);
    });
    return () => {
      cancelled = true;
      container.replaceChildren();
    };
    // The editor is built once per page; later loader data must not reset what is being typed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <div className="rounded-md bg-white">
      {ready ? null : <p className="p-4 text-sm text-slate-500">{m.legal.editorLoading}</p>}
      <div ref={host} />
    </div>
  );
}
