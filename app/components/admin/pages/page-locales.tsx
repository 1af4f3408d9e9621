import { Link } from "react-router";
import { useMessages } from "~/components/admin/i18n/messages-context";
import type { EditorLocale, PageEditorData } from "~/features/pages/editor-contract";

/** The editor's address of a page's version (the default locale's: the page itself). */
export const versionHref = (id: number, locale?: EditorLocale | string) => {
  const code = typeof locale === "string" ? locale : locale?.isDefault ? undefined : locale?.code;
  return `/admin/other/pages?page=${id}${code ? `&locale=${encodeURIComponent(code)}` : ""}`;
};

/**
 * The page's versions in the site's locales (only with more than one): a link to each, the one
 * open marked; for a version, what it is and, before its first save, that nothing is stored yet.
 */
export function PageLocales({ editor, locales }: { editor: PageEditorData; locales: EditorLocale[] }) {
  const { m } = useMessages();
  if (locales.length < 2) return null;
  const open = editor.translation?.locale;
  const current = locales.find((locale) => (open ? locale.code === open : locale.isDefault));
  return (
    <div className="grid gap-2">
      <nav aria-label={m.pages.locales.nav}>
        <ul className="flex flex-wrap gap-2">
          {locales.map((locale) => {
            const here = locale === current;
            return (
              <li key={locale.code}>
                <Link
                  to={versionHref(editor.page.id, locale)}
                  aria-current={here ? "page" : undefined}
                  lang={locale.code}
                  data-testid={`page-locale-${locale.code}`}
                  className={`inline-flex min-h-9 items-center rounded-md border px-3 text-sm font-medium ${
                    here ? "border-indigo-700 bg-indigo-700 text-white" : "border-slate-300 text-slate-800 hover:bg-slate-50"
                  }`}
                >
                  {locale.isDefault ? m.pages.locales.main({ name: locale.name }) : locale.name}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      {editor.translation && current ? (
        <div className="grid gap-1 rounded-md bg-sky-50 p-3 text-sm text-sky-950" data-testid="page-version-note">
          <p>{m.pages.locales.version({ name: current.name })}</p>
          {editor.translation.saved ? null : <p className="font-medium">{m.pages.locales.notSaved}</p>}
        </div>
      ) : null}
    </div>
  );
}
