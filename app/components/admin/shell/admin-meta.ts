/**
 * The head of every dashboard page. NOTE: React Router keeps only the deepest route's meta,
 * so each tab that sets a title repeats the noindex rule here.
 */
export function adminMeta(title?: string) {
  return [{ title: title ? `${title} · Admin Dashboard` : "Admin Dashboard" }, { name: "robots", content: "noindex" }];
}
