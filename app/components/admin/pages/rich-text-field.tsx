import { useEffect, useRef, useState } from "react";
import quillStyles from "quill/dist/quill.snow.css?url";
import { FieldError } from "~/components/ui/input";
import { QUILL_FORMATS, QUILL_PICKER_NAMES, quillToolbar } from "~/components/admin/legal/quill-options";
import { useMessages } from "~/components/admin/i18n/messages-context";
import type { Catalogue } from "~/features/admin-i18n/messages";

/** The legal editor's toolbar with headings 2-4 only: the page's h1 is its hero's. */
const TOOLBAR = quillToolbar([2, 3, 4]);
const FORMATS = QUILL_FORMATS;
const PICKER_NAMES = QUILL_PICKER_NAMES;

/**
 * Tab and Shift+Tab leave the editor, as in every other field of the form (Quill would insert a
 * tab or indent a list, a keyboard trap); the toolbar's indent buttons indent.
 */
const KEYBOARD = {
  bindings: {
    tab: false,
    indent: false,
    outdent: false,
    "remove tab": false,
    "indent code-block": false,
    "outdent code-block": false,
  },
};

/** Builds the editor in `container`, named by the label, filled with `html`; reports each change. */
function mountEditor(
  Quill: typeof import("quill").default,
  container: HTMLElement,
  { id, labelId, html, names }: { id: string; labelId: string; html: string; names: Catalogue["legal"] },
  changed: (html: string) => void,
) {
  const element = document.createElement("div");
  element.className = "min-h-48";
  container.append(element);
  const quill = new Quill(element, { theme: "snow", modules: { toolbar: TOOLBAR, keyboard: KEYBOARD }, formats: FORMATS });
  const editable = quill.root;
  editable.id = id;
  editable.setAttribute("role", "textbox");
  editable.setAttribute("aria-multiline", "true");
  editable.setAttribute("aria-labelledby", labelId);
  for (const [picker, name] of PICKER_NAMES) {
    container.querySelector(`.ql-toolbar ${picker} .ql-picker-label`)?.setAttribute("aria-label", names[name]);
  }
  quill.clipboard.dangerouslyPasteHTML(html, "silent");
  // NOTE: Quill 2.0.3 writes every space as &nbsp; in semantic HTML (see legal-editor.tsx).
  quill.on("text-change", () => changed(quill.getSemanticHTML().replaceAll("&nbsp;", " ")));
  return editable;
}

/**
 * The rich-text block's HTML in the legal pages' editor (Quill 2), dashboard only. Quill touches
 * `document` when imported, so it is imported inside an effect: it is fetched when a rich-text
 * block is opened, never by a public page or the server. The server sanitises what it sends.
 */
export function RichTextField({
  id,
  label,
  value,
  error,
  onChange,
}: {
  /** The field's path, as the server names its errors. */
  id: string;
  label: string;
  value: string;
  error?: string;
  onChange: (html: string) => void;
}) {
  const { m } = useMessages();
  const host = useRef<HTMLDivElement>(null);
  const root = useRef<HTMLElement>(null);
  const report = useRef(onChange);
  report.current = onChange;
  const last = useRef(value);
  const [ready, setReady] = useState(false);
  const labelId = `${id}-label`;
  const errorId = `${id}-error`;

  useEffect(() => {
    const container = host.current;
    if (!container) return;
    let cancelled = false;
    void import("quill").then(({ default: Quill }) => {
      if (cancelled) return;
      root.current = mountEditor(Quill, container, { id, labelId, html: last.current, names: m.legal }, (html) => {
        if (html === last.current) return;
        last.current = html;
        report.current(html);
      });
      setReady(true);
    });
    return () => {
      cancelled = true;
      root.current = null;
      container.replaceChildren();
    };
    // The editor is built once per opening of the block; what is typed must not be reset by it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // The error state lives on Quill's own element, which React does not render.
  useEffect(() => {
    const editable = root.current;
    if (!editable) return;
    if (error) {
      editable.setAttribute("aria-invalid", "true");
      editable.setAttribute("aria-describedby", errorId);
    } else {
      editable.removeAttribute("aria-invalid");
      editable.removeAttribute("aria-describedby");
    }
  }, [error, errorId, ready]);

  return (
    <div className="grid gap-1">
      {/* React 19 puts the stylesheet in the head, once, with the first rich-text block opened. */}
      <link rel="stylesheet" href={quillStyles} precedence="default" />
      <span id={labelId} className="text-sm font-medium text-slate-800">
        {label}
      </span>
      <div className="rounded-md bg-white" data-testid="rich-text-editor">
        {ready ? null : <p className="p-4 text-sm text-slate-500">{m.legal.editorLoading}</p>}
        <div ref={host} />
      </div>
      <FieldError id={errorId}>{error}</FieldError>
    </div>
  );
}
