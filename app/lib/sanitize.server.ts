import sanitizeHtml from "sanitize-html";

const QUILL_CLASSES = [
  "ql-align-center",
  "ql-align-right",
  "ql-align-justify",
  ...Array.from({ length: 8 }, (_, index) => `ql-indent-${index + 1}`),
];

/**
 * Keeps only what the legal-page editor produces (headings, emphasis, lists, indents,
 * alignment, links); links may use http(s), mailto, tel or be relative to this site.
 */
const options: sanitizeHtml.IOptions = {
  allowedTags: ["p", "br", "h1", "h2", "h3", "h4", "h5", "h6", "strong", "b", "em", "i", "u", "s", "ol", "ul", "li", "a", "span", "blockquote"],
  allowedAttributes: {
    a: ["href", "target", "rel"],
    li: ["data-list", "class"],
    "*": ["class"],
  },
  allowedClasses: { "*": QUILL_CLASSES },
  allowedSchemes: ["http", "https", "mailto", "tel"],
  allowedSchemesAppliedToAttributes: ["href"],
  allowProtocolRelative: false,
  disallowedTagsMode: "discard",
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: {
        ...attribs,
        ...(attribs.target === "_blank" ? { rel: "noopener noreferrer" } : {}),
      },
    }),
  },
};

export function sanitizeLegalHtml(html: string): string {
  return sanitizeHtml(html, options);
}
