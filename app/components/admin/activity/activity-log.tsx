import { Download } from "lucide-react";
import { Form, Link } from "react-router";
import { HistoryDialog } from "~/components/admin/history/history-dialog";
import { formatWhen } from "~/components/admin/history/labels";
import { Button, buttonVariants } from "~/components/ui/button";
import { Input, Label } from "~/components/ui/input";
import { useMessages } from "~/components/admin/i18n/messages-context";
import { ACTIVITY_EXPORT_PATH, activityAreas, areaLabel, type ActivityEntry, type ActivityQuery } from "~/features/activity/schema";
import type { RevisionView } from "~/features/history/schema";
import { RestorePanel, type InitializeGroup } from "./restore-panel";

const selectClass =
  "h-9 w-full rounded-md border border-slate-300 bg-white px-3 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500";

const searchOf = (query: Partial<ActivityQuery>) => {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value !== undefined && value !== "") params.set(name, String(value));
  const text = params.toString();
  return text ? `?${text}` : "";
};

/** 'Журнал': who changed what and when, filterable, paged, exportable, with each card's history. */
// long-function: the filters, pages and export of one log read the same query; the JSX is the one section
export function ActivityLog({
  entries,
  nextBefore,
  people,
  query,
  invalidFilters,
  deleted,
  groups,
}: {
  entries: ActivityEntry[];
  nextBefore: number | null;
  people: { id: string; email: string }[];
  query: Partial<ActivityQuery>;
  invalidFilters: boolean;
  deleted: RevisionView[];
  groups: InitializeGroup[];
}) {
  const { m, language } = useMessages();
  const filters = { person: query.person, area: query.area, from: query.from, to: query.to };
  const areas = [...activityAreas];
  if (query.area && !areas.includes(query.area)) areas.push(query.area);
  return (
    <section aria-labelledby="activity-heading" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="activity-heading" className="text-xl font-semibold">
          {m.activity.title}
        </h2>
        <a href={`${ACTIVITY_EXPORT_PATH}${searchOf(filters)}`} className={buttonVariants({ variant: "outline", size: "sm" })} download>
          <Download aria-hidden="true" />
          {m.activity.downloadCsv}
        </a>
      </div>
      {/* Keyed by the filters, so fields show the URL's values after every navigation. */}
      <Form
        key={searchOf(filters)}
        method="get"
        className="grid grid-cols-1 gap-3 rounded-xl border border-slate-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-[1fr_1fr_auto_auto_auto]"
      >
        <div className="space-y-1">
          <Label htmlFor="activity-person">{m.activity.who}</Label>
          <select id="activity-person" name="person" defaultValue={query.person ?? ""} className={selectClass}>
            <option value="">{m.activity.all}</option>
            {people.map((person) => (
              <option key={person.id} value={person.id}>
                {person.email}
              </option>
            ))}
          </select>
        </div>
        <div className="space-y-1">
          <Label htmlFor="activity-area">{m.activity.area}</Label>
          <select id="activity-area" name="area" defaultValue={query.area ?? ""} className={selectClass}>
            <option value="">{m.activity.all}</option>
            {areas.map((area) => (
              <option key={area} value={area}>
                {areaLabel(m.activity, area)}
              </option>
            ))}
          </select>
        </div>
        <div className="space-y-1">
          <Label htmlFor="activity-from">{m.activity.from}</Label>
          <Input id="activity-from" type="date" name="from" defaultValue={query.from ?? ""} />
        </div>
        <div className="space-y-1">
          <Label htmlFor="activity-to">{m.activity.to}</Label>
          <Input id="activity-to" type="date" name="to" defaultValue={query.to ?? ""} />
        </div>
        <div className="flex items-end gap-2">
          <Button type="submit">{m.activity.show}</Button>
          <Link to="/admin/other/activity" className={buttonVariants({ variant: "ghost" })}>
            {m.activity.reset}
          </Link>
        </div>
      </Form>
      {invalidFilters ? (
        <p role="alert" className="text-sm text-red-700">
          {m.activity.invalidFilters}
        </p>
      ) : null}
      <div className="relative overflow-x-auto rounded-xl border border-slate-200 bg-white">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{m.activity.caption}</caption>
          <thead className="border-b border-slate-200 bg-slate-50 text-slate-700">
            <tr>
              <th scope="col" className="px-4 py-2 font-medium">
                {m.activity.when}
              </th>
              <th scope="col" className="px-4 py-2 font-medium">
                {m.activity.who}
              </th>
              <th scope="col" className="px-4 py-2 font-medium">
                {m.activity.event}
              </th>
              <th scope="col" className="px-4 py-2 font-medium">
                {m.activity.what}
              </th>
              <th scope="col" className="px-4 py-2 font-medium">
                <span className="sr-only">{m.activity.history}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {entries.map((entry) => (
              <tr key={entry.id} className="border-b border-slate-100 last:border-0" data-testid="activity-entry">
                <td className="whitespace-nowrap px-4 py-2 text-slate-600">{formatWhen(language, entry.at)}</td>
                <td className="px-4 py-2">{entry.by ?? "—"}</td>
                <td className="px-4 py-2">{entry.kind}</td>
                <td className="px-4 py-2 break-words">{entry.what}</td>
                <td className="px-4 py-1 text-right">
                  {entry.historyKey ? <HistoryDialog historyKey={entry.historyKey} title={entry.what} /> : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {entries.length === 0 ? <p className="p-4 text-sm text-slate-600">{m.activity.empty}</p> : null}
      </div>
      <nav aria-label={m.activity.pages} className="flex gap-2">
        {query.before ? (
          <Link to={`/admin/other/activity${searchOf(filters)}`} className={buttonVariants({ variant: "outline", size: "sm" })}>
            {m.activity.newer}
          </Link>
        ) : null}
        {nextBefore ? (
          <Link
            to={`/admin/other/activity${searchOf({ ...filters, before: nextBefore })}`}
            className={buttonVariants({ variant: "outline", size: "sm" })}
          >
            {m.activity.older}
          </Link>
        ) : null}
      </nav>
      <RestorePanel deleted={deleted} groups={groups} />
    </section>
  );
}
