import sanitizeHtml from "sanitize-html";

// The classes Quill writes for the toolbar's align and indent buttons.
const EDITOR_CLASSES = [
  "ql-align-center",
  "ql-align-right",
  "ql-align-justify",
  ...Array.from({ length: 8 }, (_, index) => `ql-indent-${index + 1}`),
];

const BLOCK_TAGS = ["p", "h1", "h2", "h3", "h4", "h5", "h6", "li"];

/**
 * Exactly what the legal-page editor produces: headings, paragraphs and line breaks, bold,
 * italic, underline, strike, ordered and bullet lists, indents, alignment and links. Links
 * may use http(s), mailto or tel, or be relative to this site; nothing else survives (no
 * scripts, event handlers, styles, frames, images or forms).
 */
const options: sanitizeHtml.IOptions = {
  allowedTags: [...BLOCK_TAGS, "br", "strong", "em", "u", "s", "ol", "ul", "a"],
  allowedAttributes: {
    a: ["href", "target", "rel"],
    ...Object.fromEntries(BLOCK_TAGS.map((tag) => [tag, ["class"]])),
  },
  allowedClasses: Object.fromEntries(BLOCK_TAGS.map((tag) => [tag, EDITOR_CLASSES])),
  allowedSchemes: ["http", "https", "mailto", "tel"],
  allowedSchemesAppliedToAttributes: ["href"],
  allowProtocolRelative: false,
  // The text inside a refused tag is kept (it is escaped), except for these.
  disallowedTagsMode: "discard",
  nonTextTags: ["script", "style", "textarea", "option", "noscript", "iframe", "object", "embed", "template", "svg", "math"],
  transformTags: {
    // A link opening a new tab must not hand the opened page a reference back to ours.
    a: (tagName, attribs) => ({
      tagName,
      attribs: {
        ...(attribs.href !== undefined ? { href: attribs.href } : {}),
        ...(attribs.target === "_blank" ? { target: "_blank", rel: "noopener noreferrer" } : {}),
      },
    }),
  },
};

export function sanitizeLegalHtml(html: string): string {
  return sanitizeHtml(html, options);
}
