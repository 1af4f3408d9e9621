import { adminLanguageOf } from "~/features/admin-i18n/language";
import { messagesOf, type Catalogue } from "~/features/admin-i18n/messages";

/** What a route's meta function is given that says the administrator's language: the /admin layout's data. */
type MetaMatches = ReadonlyArray<{ id: string; data?: unknown } | undefined>;

/**
 * The head of a dashboard tab with its title in the administrator's language (the /admin
 * loader's `language`; Russian before it is known). NOTE: React Router keeps only the deepest
 * route's meta, so the noindex rule is repeated here. Without a title function: the dashboard's
 * own title (the /admin layout and its login screen).
 */
export function localizedAdminMeta(matches: MetaMatches, title?: (m: Catalogue) => string) {
  const layout = matches.find((match) => match?.id === "routes/admin")?.data as { language?: unknown } | undefined;
  const m = messagesOf(adminLanguageOf(layout?.language));
  return [{ title: title ? `${title(m)} · ${m.shell.title}` : m.shell.title }, { name: "robots", content: "noindex" }];
}
