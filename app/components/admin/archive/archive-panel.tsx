import { Archive } from "lucide-react";
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { useMessages } from "~/components/admin/i18n/messages-context";
import { archiveQueryNames, EXPORT_LIMIT_DAYS, releaseLink, revisionsLink, type PageVersion } from "~/features/archive/query";
import { PanelHeading } from "~/components/admin/shell/panel-heading";

export interface ArchivePanelProps {
  began: string | null;
  paths: string[];
  path: string;
  at: string;
  timeline: PageVersion[];
  error: string | null;
}

const pageLink = (path: string, at: string) =>
  `/admin/archive/page?${new URLSearchParams({ [archiveQueryNames.path]: path, [archiveQueryNames.at]: at })}`;

const moment = (iso: string) => `${iso.slice(0, 16).replace("T", " ")} UTC`;

/** The export of a page or the whole site over a period, checked with `npm run verify-archive`. */
function ExportCard({ began, at, paths }: { began: string; at: string; paths: string[] }) {
  const a = useMessages().m.archive;
  return (
    <Card>
      <CardHeader>
        <CardTitle>{a.exportTitle}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3">
        <p className="text-sm text-slate-600">{a.exportIntro({ days: EXPORT_LIMIT_DAYS })}</p>
        <form
          method="get"
          action="/admin/archive/export"
          className="grid grid-cols-1 gap-3 sm:grid-cols-[auto_auto_minmax(0,1fr)_auto] sm:items-end"
        >
          <label className="grid gap-1 text-sm font-medium text-slate-800">
            {a.exportFrom}
            <Input type="datetime-local" name={archiveQueryNames.from} defaultValue={began.slice(0, 16)} required />
          </label>
          <label className="grid gap-1 text-sm font-medium text-slate-800">
            {a.exportTo}
            <Input type="datetime-local" name={archiveQueryNames.to} defaultValue={at} required />
          </label>
          <label className="grid gap-1 text-sm font-medium text-slate-800">
            {a.exportScope}
            <PathSelect paths={paths} defaultValue="" wholeSite={a.wholeSite} />
          </label>
          <Button type="submit" variant="outline">
            {a.exportButton}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}

/** A page's versions, newest first, each opened as served then. */
function VersionsCard({ path, timeline }: { path: string; timeline: PageVersion[] }) {
  const a = useMessages().m.archive;
  return (
    <Card>
      <CardHeader>
        <CardTitle>{a.timeline({ path })}</CardTitle>
      </CardHeader>
      <CardContent>
        {timeline.length === 0 ? (
          <p className="text-sm text-slate-600">{a.noVersions}</p>
        ) : (
          <div className="relative overflow-x-auto">
            <table className="w-full text-left text-sm">
              <thead>
                <tr className="text-slate-600">
                  <th scope="col">{a.when}</th>
                  <th scope="col">{a.what}</th>
                  <th scope="col">{a.who}</th>
                  <th scope="col">{a.status}</th>
                  <th scope="col">
                    <span className="sr-only">{a.view}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {timeline.map((version) => (
                  <tr
                    key={version.entryId}
                    className="border-t border-slate-200"
                    data-checkpoint={version.keptByCheckpoint !== null || undefined}
                  >
                    <td className="py-2">{moment(version.at)}</td>
                    <td>
                      {a.kinds[version.kind] ?? version.kind}
                      {version.releaseId !== null ? (
                        <>
                          {" · "}
                          <a className="text-indigo-700 underline" href={releaseLink(version.releaseId)}>
                            {a.release({ id: version.releaseId })}
                          </a>
                        </>
                      ) : null}
                      {version.kind !== "start" && version.kind !== "archive.retention" && version.keptByCheckpoint === null ? (
                        <>
                          {" · "}
                          <a className="text-indigo-700 underline" href={revisionsLink(version)} data-testid="archive-revisions">
                            {a.revisions}
                          </a>
                        </>
                      ) : null}
                    </td>
                    <td>{version.keptByCheckpoint !== null ? a.checkpointWho : (version.by ?? a.system)}</td>
                    <td>{version.status}</td>
                    <td>
                      {/* A checkpoint's version opens as of the cutoff: the archive begins there. */}
                      <a className="text-indigo-700 underline" href={pageLink(path, (version.keptByCheckpoint ?? version.at).slice(0, 19))}>
                        {a.view}
                      </a>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </CardContent>
    </Card>
  );
}

/** The archived addresses to choose from; `wholeSite` adds the choice of every page (the export's). */
function PathSelect({ paths, defaultValue, wholeSite }: { paths: string[]; defaultValue: string; wholeSite?: string }) {
  return (
    <select
      name={archiveQueryNames.path}
      defaultValue={defaultValue}
      className="h-10 w-full min-w-0 rounded-md border border-slate-300 bg-white px-3 text-sm text-slate-900"
    >
      {wholeSite !== undefined ? <option value="">{wholeSite}</option> : null}
      {paths.map((candidate) => (
        <option key={candidate} value={candidate}>
          {candidate}
        </option>
      ))}
    </select>
  );
}

/** «Другое → Архив»: the site as of a moment, and a page's versions. */
export function ArchivePanel({ began, paths, path, at, timeline, error }: ArchivePanelProps) {
  const { m } = useMessages();
  const a = m.archive;
  return (
    <section aria-labelledby="archive-heading" className="grid grid-cols-1 gap-6">
      <div>
        <PanelHeading id="archive-heading" icon={Archive}>
          {a.title}
        </PanelHeading>
        <p className="mt-1 text-sm text-slate-600">{a.intro}</p>
        <p className="mt-1 text-sm text-slate-600">{began ? a.began({ at: moment(began) }) : a.empty}</p>
      </div>
      {error ? (
        <p role="alert" className="rounded-lg bg-red-50 p-2 text-sm text-red-800">
          {error}
        </p>
      ) : null}
      <Form method="get" className="grid grid-cols-1 gap-3 sm:grid-cols-[auto_minmax(0,1fr)_auto] sm:items-end">
        <label className="grid gap-1 text-sm font-medium text-slate-800">
          {a.at}
          <Input type="datetime-local" name={archiveQueryNames.at} defaultValue={at} required />
        </label>
        <label className="grid gap-1 text-sm font-medium text-slate-800">
          {a.page}
          <PathSelect paths={paths} defaultValue={path} />
        </label>
        <Button type="submit">{a.show}</Button>
      </Form>
      {began && path ? (
        <p>
          <a className="font-medium text-indigo-700 underline" href={pageLink(path, at)} target="_blank" rel="noreferrer">
            {a.open}
          </a>
        </p>
      ) : null}
      {began ? <ExportCard began={began} at={at} paths={paths} /> : null}
      {path ? <VersionsCard path={path} timeline={timeline} /> : null}
    </section>
  );
}
