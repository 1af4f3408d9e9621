/** "contact_email" → "Contact email": a readable title for a content key. */
export function humanizeKey(section: string): string {
  const words = section.replace(/_url$/, "").split(/[_-]+/).filter(Boolean);
  const text = words.join(" ");
  return text.charAt(0).toUpperCase() + text.slice(1);
}
