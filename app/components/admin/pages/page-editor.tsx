import { ArrowLeft, ExternalLink, Loader2, Plus, Save } from "lucide-react";
import { useState } from "react";
import { Link, useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { FieldError, Input, Label } from "~/components/ui/input";
import { toastError, toastSuccess } from "~/components/ui/toast";
import { useActionResult, type ActionResult } from "~/platform/action-result";
import { blockTypeIds, isSingleBlockType } from "~/features/pages/blocks/block-types";
import { validateBlocks } from "~/features/pages/blocks/blocks";
import type { EditorLocale, PageEditorData, SeoDefaults } from "~/features/pages/editor-contract";
import { pageIntents } from "~/features/pages/intents";
import { normalisePath, slugProblem } from "~/features/pages/slug";
import { BlockList } from "./block-list";
import { PageEndForm } from "./page-end-form";
import { PageLocales } from "./page-locales";
import { PageStatusActions } from "./page-status-actions";
import { SeoPanel } from "./seo-panel";
import { useBlockEditor } from "./use-block-editor";
import { useMessages } from "~/components/admin/i18n/messages-context";
import { inLanguage } from "~/features/admin-i18n/messages";

const firstMessages = (fieldErrors: Record<string, string[] | undefined> | undefined) =>
  Object.fromEntries(Object.entries(fieldErrors ?? {}).map(([field, messages]) => [field, messages?.[0] ?? ""]));

/** Each field's first problem in the administrator's language (the features' answers are the Russian catalogue's). */
const inLanguageAll = (language: Parameters<typeof inLanguage>[0], errors: Record<string, string>) =>
  Object.fromEntries(Object.entries(errors).map(([field, message]) => [field, inLanguage(language, message)]));

/** One landing page: title, address, blocks (add, edit, duplicate, remove, reorder), SEO, status. */
// long-function: the editor's one form: header fields, palette, block list and SEO share its state
export function PageEditor({
  editor,
  defaults,
  origin,
  timeZone,
  staged = false,
  locales = [],
}: {
  editor: PageEditorData;
  /** The site's locales (more than one: the page's versions in each are offered). */
  locales?: EditorLocale[];
  defaults: SeoDefaults;
  origin: string;
  /** The site's time zone, for the end time. */
  timeZone: string;
  /** The open release stages this page: the editor shows the staged version. */
  staged?: boolean;
}) {
  const { m, language } = useMessages();
  const { page } = editor;
  const [title, setTitle] = useState(page.title);
  const [path, setPath] = useState(page.path);
  const [seo, setSeo] = useState(editor.seo);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const { blocks, setBlocks, openId, actions, add } = useBlockEditor(editor.blocks);
  const locale = editor.translation?.locale;
  // A version's address is under its locale's prefix (`/de/aktion`).
  const siteAddress = (address: string) => (locale ? `/${locale}${address}` : address);
  const fetcher = useFetcher<ActionResult>({ key: `save-page-${page.id}${locale ? `@${locale}` : ""}` });
  const saving = fetcher.state !== "idle";
  useActionResult(fetcher, {
    onSuccess: () => {
      setErrors({});
      toastSuccess(m.pages.saved, m.pages.pageSaved);
    },
    onFailure: (failure) => {
      setErrors(firstMessages(failure.fieldErrors));
      toastError(m.pages.error, inLanguage(language, failure.message));
    },
  });

  function save() {
    const found: Record<string, string> = {};
    const pathProblem = slugProblem(normalisePath(path));
    if (pathProblem) found.path = pathProblem;
    if (title.trim() === "") found.title = m.pages.answers.titleRequired;
    const checked = validateBlocks(blocks);
    if (!checked.ok) Object.assign(found, checked.errors);
    setErrors(found);
    if (Object.keys(found).length > 0) return toastError(m.pages.error, m.pages.fixFields);
    fetcher.submit(
      {
        intent: pageIntents.save,
        id: page.id,
        version: editor.version,
        title,
        path,
        blocks: JSON.stringify(blocks),
        seo: JSON.stringify(seo),
        ...(locale ? { locale } : {}),
      },
      { method: "post" },
    );
  }

  const present = new Set(blocks.map((block) => block.type));
  const shownErrors = inLanguageAll(language, errors);
  return (
    <div className="grid grid-cols-1 gap-6">
      <h2 className="text-xl font-semibold text-slate-900">{m.pages.heading({ title: page.title })}</h2>
      {staged ? (
        <p className="rounded-md bg-amber-50 p-2 text-sm text-amber-900" data-testid="page-staged">
          {m.pages.staged}
        </p>
      ) : null}
      <PageLocales editor={editor} locales={locales} />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Link to="/admin/other/pages" className="inline-flex items-center gap-1 text-sm font-medium text-indigo-700 hover:underline">
          <ArrowLeft aria-hidden="true" className="size-4" /> {m.pages.allPages}
        </Link>
        <div className="flex flex-wrap items-center gap-2">
          {page.status === "published" ? (
            <a
              href={siteAddress(page.path)}
              target="_blank"
              rel="noreferrer"
              className="inline-flex items-center gap-1 text-sm text-indigo-700 hover:underline"
            >
              {m.pages.openOnSite} <ExternalLink aria-hidden="true" className="size-4" />
            </a>
          ) : null}
          <Button type="button" onClick={save} disabled={saving}>
            {saving ? <Loader2 aria-hidden="true" className="animate-spin" /> : <Save aria-hidden="true" />}
            {m.pages.save}
          </Button>
        </div>
      </div>
      <Card>
        <CardHeader>
          <CardTitle>{m.pages.page}</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-4 sm:grid-cols-2">
          <div className="grid content-start gap-1">
            <Label htmlFor="page-title">{m.pages.name}</Label>
            <Input
              id="page-title"
              value={title}
              aria-invalid={errors.title ? true : undefined}
              onChange={(event) => setTitle(event.target.value)}
            />
            <FieldError>{shownErrors.title}</FieldError>
          </div>
          <div className="grid content-start gap-1">
            <Label htmlFor="page-path">{m.pages.path}</Label>
            <Input
              id="page-path"
              value={path}
              aria-invalid={errors.path ? true : undefined}
              aria-describedby="page-path-note"
              onChange={(event) => setPath(event.target.value)}
            />
            <p id="page-path-note" className="text-xs text-slate-600">
              {locale ? m.pages.locales.address({ address: siteAddress(normalisePath(path)) }) : m.pages.pathNote({ id: page.id })}
            </p>
            <FieldError>{shownErrors.path}</FieldError>
          </div>
          {locale && !editor.translation?.saved ? null : <PageStatusActions page={page} version={editor.version} locale={locale} />}
          {locale ? null : <PageEndForm page={page} version={editor.version} timeZone={timeZone} />}
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>{m.pages.blocks}</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-4">
          <FieldError>{shownErrors.blocks}</FieldError>
          <BlockList blocks={blocks} openId={openId} errors={errors} actions={actions} onReorder={setBlocks} />
          <div role="group" aria-label={m.pages.addBlock} className="flex flex-wrap gap-2">
            {blockTypeIds.map((type) => (
              <Button
                key={type}
                type="button"
                variant="outline"
                size="sm"
                disabled={isSingleBlockType(type) && present.has(type)}
                onClick={() => add(type)}
              >
                <Plus aria-hidden="true" /> {m.pages.blockTypes[type]}
              </Button>
            ))}
          </div>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>{m.pages.seo}</CardTitle>
        </CardHeader>
        <CardContent>
          <SeoPanel
            seo={seo}
            pageTitle={title}
            path={siteAddress(normalisePath(path))}
            origin={origin}
            defaults={defaults}
            errors={errors}
            onChange={setSeo}
          />
        </CardContent>
      </Card>
    </div>
  );
}
