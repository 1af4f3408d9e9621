import { ArrowLeft, Image as ImageIcon } from "lucide-react";
import { useState } from "react";
import { Link, useFetcher } from "react-router";
import { useMessages } from "~/components/admin/i18n/messages-context";
import { PanelHeading } from "~/components/admin/shell/panel-heading";
import { Button } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { FieldError, Input, Label, Textarea } from "~/components/ui/input";
import { toastError, toastSuccess } from "~/components/ui/toast";
import { formatNumber } from "~/features/admin-i18n/format";
import { inLanguage } from "~/features/admin-i18n/messages";
import { ALT_MAX, CAPTION_MAX, mediaFileIntents, type FocalPoint, type MediaFileView } from "~/features/media/info";
import { fieldError, useActionResult, type ActionResult } from "~/platform/action-result";
import { FileFacts } from "./file-facts";
import { FocalPointPicker } from "./focal-point";
import { PlaceItem } from "./media-panel";

/** The file's type, size, pixels, and who uploaded it when ("unknown" for a file found in the store). */
function FactsCard({ file }: { file: MediaFileView }) {
  const { m } = useMessages();
  return (
    <section aria-labelledby="media-file-facts" className="rounded-lg border border-slate-200 bg-white p-4">
      <h3 id="media-file-facts" className="text-base font-semibold text-slate-900">
        {m.media.file.facts}
      </h3>
      <FileFacts file={file} variant="page" />
    </section>
  );
}

/** Where the file is used, each place with the link that opens it. */
function PlacesCard({ file }: { file: MediaFileView }) {
  const t = useMessages().m.media;
  return (
    <section aria-labelledby="media-file-places" className="rounded-lg border border-slate-200 bg-white p-4 text-sm text-slate-700">
      <h3 id="media-file-places" className="text-base font-semibold text-slate-900">
        {t.whereUsed}
      </h3>
      {file.places.length === 0 ? (
        <p>{t.unused}</p>
      ) : (
        <ul className="list-disc pl-4">
          {file.places.map((place) => (
            <PlaceItem key={`${place.kind}:${place.key}:${place.locale}:${place.release?.id ?? "live"}`} place={place} />
          ))}
        </ul>
      )}
    </section>
  );
}

type FieldErrorOf = (field: string) => string | undefined;

/** Alt text in each of the site's locales, or "decorative". */
function AltFields({
  file,
  decorative,
  setDecorative,
  error,
}: {
  file: MediaFileView;
  decorative: boolean;
  setDecorative: (decorative: boolean) => void;
  error: FieldErrorOf;
}) {
  const f = useMessages().m.media.file;
  const missing = decorative ? [] : file.locales.filter((locale) => !file.info.alt[locale]);
  return (
    <>
      <label className="flex items-start gap-2 text-sm text-slate-800">
        <input
          type="checkbox"
          name="decorative"
          className="mt-1 size-4"
          checked={decorative}
          onChange={(event) => setDecorative(event.target.checked)}
        />
        {f.decorative}
      </label>
      <p id="media-alt-hint" className="text-sm text-slate-600">
        {f.altHint({ max: ALT_MAX })}
      </p>
      {missing.length > 0 ? (
        <p className="rounded bg-amber-50 p-2 text-sm text-amber-900">{f.altMissing({ locales: missing.join(", ") })}</p>
      ) : null}
      {file.locales.map((locale) => (
        <div key={locale} className="grid gap-1">
          <Label htmlFor={`alt-${locale}`}>{f.altFor({ locale })}</Label>
          <Input
            id={`alt-${locale}`}
            name={`alt.${locale}`}
            lang={locale}
            defaultValue={file.info.alt[locale] ?? ""}
            maxLength={ALT_MAX * 2}
            disabled={decorative}
            aria-describedby="media-alt-hint"
            aria-invalid={error(`alt.${locale}`) || error("alt") ? true : undefined}
          />
          <FieldError>{error(`alt.${locale}`)}</FieldError>
        </div>
      ))}
      <FieldError>{error("alt")}</FieldError>
    </>
  );
}

/** The caption in each of the site's locales, and the tags. */
function CaptionAndTags({ file, error }: { file: MediaFileView; error: FieldErrorOf }) {
  const f = useMessages().m.media.file;
  return (
    <>
      {file.locales.map((locale) => (
        <div key={locale} className="grid gap-1">
          <Label htmlFor={`caption-${locale}`}>{f.captionFor({ locale })}</Label>
          <Textarea
            id={`caption-${locale}`}
            name={`caption.${locale}`}
            lang={locale}
            defaultValue={file.info.caption[locale] ?? ""}
            maxLength={CAPTION_MAX * 2}
          />
        </div>
      ))}
      <FieldError>{error("caption")}</FieldError>
      <div className="grid gap-1">
        <Label htmlFor="media-tags">{f.tags}</Label>
        <Input id="media-tags" name="tags" defaultValue={file.info.tags.join(", ")} aria-describedby="media-tags-hint" />
        <p id="media-tags-hint" className="text-xs text-slate-600">
          {f.tagsHint}
        </p>
        <FieldError>{error("tags")}</FieldError>
      </div>
    </>
  );
}

const fileHref = (name: string) => `/admin/other/media/${encodeURIComponent(name)}`;

/** The file's versions: the newer one that replaced it, and its earlier ones, each restorable. */
function VersionsCard({ file }: { file: MediaFileView }) {
  const { m, language } = useMessages();
  const f = m.media.file;
  const restore = useFetcher<ActionResult & { records?: number }>();
  useActionResult<ActionResult & { ok: true; records?: number }>(restore, {
    onSuccess: (result) => toastSuccess(m.common.done, f.restoredVersion({ count: formatNumber(language, result.records ?? 0) })),
    onFailure: (failure) => toastError(m.common.error, inLanguage(language, failure.message) ?? m.common.error),
  });
  return (
    <section aria-labelledby="media-file-versions" className="rounded-lg border border-slate-200 bg-white p-4 text-sm text-slate-700">
      <h3 id="media-file-versions" className="text-base font-semibold text-slate-900">
        {f.versions}
      </h3>
      {file.info.replacedBy ? (
        <p className="mt-1">
          {f.replacedBy}{" "}
          <Link className="break-all text-indigo-700 underline" to={fileHref(file.info.replacedBy)}>
            {file.info.replacedBy}
          </Link>
        </p>
      ) : null}
      <p className="mt-1 font-medium text-slate-900">{f.previousVersions}</p>
      {file.info.previous.length === 0 ? (
        <p>{f.noPreviousVersions}</p>
      ) : (
        <ul className="mt-1 grid gap-2">
          {file.info.previous.map((name) => (
            <li key={name} className="flex flex-wrap items-center gap-2">
              <Link className="break-all text-indigo-700 underline" to={fileHref(name)}>
                {name}
              </Link>
              <ConfirmDialog
                trigger={
                  <Button
                    type="button"
                    variant="outline"
                    size="sm"
                    aria-label={f.restoreVersion({ name })}
                    disabled={restore.state !== "idle"}
                  >
                    {m.history.restore}
                  </Button>
                }
                title={f.restoreVersion({ name })}
                description={f.confirmRestoreVersion({ name })}
                confirmLabel={m.history.restore}
                cancelLabel={m.common.cancel}
                onConfirm={() =>
                  restore.submit({ intent: mediaFileIntents.restoreVersion, file: name, version: file.version }, { method: "post" })
                }
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** A file of the library: its facts, where it is used, its alt text and caption per locale, tags and focal point. */
export function MediaFilePage({ file }: { file: MediaFileView }) {
  const { m, language } = useMessages();
  const t = m.media;
  const f = t.file;
  const image = file.type.startsWith("image/");
  const save = useFetcher<ActionResult & { staged?: boolean; changed?: boolean }>();
  const [focal, setFocal] = useState<FocalPoint | null>(file.info.focal);
  const [decorative, setDecorative] = useState(file.info.decorative);
  const [problem, setProblem] = useState<string | null>(null);
  useActionResult<ActionResult & { ok: true; staged?: boolean; changed?: boolean }>(save, {
    onSuccess: (result) => {
      setProblem(null);
      toastSuccess(m.common.done, result.changed === false ? f.nothingChanged : result.staged ? f.savedStaged : f.saved);
    },
    onFailure: (failure) => {
      const message = inLanguage(language, failure.message) ?? m.common.error;
      setProblem(message);
      toastError(m.common.error, message);
    },
  });
  const error = (field: string) => inLanguage(language, fieldError(save.data, field));
  return (
    <section aria-labelledby="media-file-heading" className="grid min-w-0 gap-6">
      <div className="grid gap-2">
        <Link to="/admin/other/media" className="inline-flex items-center gap-1 text-sm text-indigo-700 underline">
          <ArrowLeft aria-hidden="true" className="size-4" />
          {f.back}
        </Link>
        <PanelHeading id="media-file-heading" icon={ImageIcon}>
          <span className="break-all">{f.title({ name: file.name })}</span>
        </PanelHeading>
      </div>
      <div className="grid min-w-0 gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="grid min-w-0 content-start gap-4">
          {image ? (
            <FocalPointPicker src={file.path} focal={focal} onChange={setFocal} />
          ) : (
            <a href={file.path} className="text-indigo-700 underline">
              {file.name}
            </a>
          )}
        </div>
        <div className="grid min-w-0 content-start gap-4">
          <FactsCard file={file} />
          <VersionsCard file={file} />
          <PlacesCard file={file} />
        </div>
      </div>
      <save.Form
        method="post"
        className="grid max-w-3xl gap-4 rounded-lg border border-slate-200 bg-white p-4"
        aria-labelledby="media-file-describe"
      >
        <h3 id="media-file-describe" className="text-base font-semibold text-slate-900">
          {f.describe}
        </h3>
        <input type="hidden" name="intent" value={mediaFileIntents.saveInfo} />
        <input type="hidden" name="version" value={file.version} />
        <input type="hidden" name="focalX" value={focal ? String(focal.x) : ""} />
        <input type="hidden" name="focalY" value={focal ? String(focal.y) : ""} />
        {image ? <AltFields file={file} decorative={decorative} setDecorative={setDecorative} error={error} /> : null}
        <CaptionAndTags file={file} error={error} />
        <FieldError>{error("focalX") ?? error("focal")}</FieldError>
        {problem ? (
          <p role="alert" className="rounded bg-red-50 p-2 text-sm text-red-800" data-testid="media-file-problem">
            {problem}
          </p>
        ) : null}
        <div>
          <Button type="submit" disabled={save.state !== "idle"}>
            {f.save}
          </Button>
        </div>
      </save.Form>
    </section>
  );
}
