import type { ReactNode } from "react";
import { useMessages } from "~/components/admin/i18n/messages-context";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/ui/tabs";

/** The first six page names are tabs; the rest are listed under 'More pages'. */
export const VISIBLE_PAGE_TABS = 6;

/**
 * One tab per page name, the first six as tabs. NOTE: the pages after the sixth stay
 * reachable through the "More pages" list, so no stored section is ever out of reach.
 */
export function PageTabs({
  pages,
  selected,
  onSelect,
  children,
}: {
  pages: string[];
  selected: string;
  onSelect: (page: string) => void;
  children: ReactNode;
}) {
  const { m } = useMessages();
  const tabs = pages.slice(0, VISIBLE_PAGE_TABS);
  const more = pages.slice(VISIBLE_PAGE_TABS);
  return (
    <Tabs value={selected} onValueChange={onSelect}>
      <div className="flex flex-wrap items-center gap-3">
        <TabsList aria-label={m.content.pages}>
          {tabs.map((page) => (
            <TabsTrigger key={page} value={page}>
              {page}
            </TabsTrigger>
          ))}
        </TabsList>
        {more.length > 0 ? (
          <label className="flex items-center gap-2 text-sm text-slate-600">
            {m.content.morePages}
            <select
              value={more.includes(selected) ? selected : ""}
              onChange={(event) => event.target.value && onSelect(event.target.value)}
              className="h-9 rounded-md border border-slate-300 bg-white px-2 text-sm text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
            >
              <option value="">{m.content.choose}</option>
              {more.map((page) => (
                <option key={page} value={page}>
                  {page}
                </option>
              ))}
            </select>
          </label>
        ) : null}
      </div>
      <TabsContent value={selected} forceMount>
        {children}
      </TabsContent>
    </Tabs>
  );
}
