// The options the dashboard's two Quill editors share (the legal pages' and the landing pages'
// rich-text block): what the server's sanitiser keeps, nothing more.

/** The toolbar: the given heading levels, bold, italic, underline, strike, lists, indent, links, alignment, clear formatting. */
export function quillToolbar(headings: number[]) {
  return [
    [{ header: [...headings, false] }],
    ["bold", "italic", "underline", "strike"],
    [{ list: "ordered" }, { list: "bullet" }],
    [{ indent: "-1" }, { indent: "+1" }],
    ["link"],
    [{ align: [] }],
    ["clean"],
  ];
}

// Pasted text keeps only what the toolbar can make, which is what the server's allowlist keeps.
export const QUILL_FORMATS = ["header", "bold", "italic", "underline", "strike", "list", "indent", "link", "align"];

/** The toolbar's pickers, which Quill leaves unnamed, and their names' keys in the message catalogue (`legal`). */
export const QUILL_PICKER_NAMES = [
  [".ql-header", "heading"],
  [".ql-align", "align"],
] as const;
