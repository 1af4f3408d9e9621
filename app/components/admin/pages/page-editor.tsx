import { ArrowLeft, ExternalLink, Loader2, Plus, Save } from "lucide-react";
import { useState } from "react";
import { Link, useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { FieldError, Input, Label } from "~/components/ui/input";
import { toastError, toastSuccess } from "~/components/ui/toast";
import { useActionResult, type ActionResult } from "~/platform/action-result";
import { blockTypeIds, blockTypes, isSingleBlockType } from "~/features/pages/blocks/block-types";
import { validateBlocks } from "~/features/pages/blocks/blocks";
import type { PageEditorData, SeoDefaults } from "~/features/pages/editor-contract";
import { pageIntents } from "~/features/pages/intents";
import { normalisePath, slugProblem } from "~/features/pages/slug";
import { BlockList } from "./block-list";
import { PageStatusActions } from "./page-status-actions";
import { SeoPanel } from "./seo-panel";
import { useBlockEditor } from "./use-block-editor";

const firstMessages = (fieldErrors: Record<string, string[] | undefined> | undefined) =>
  Object.fromEntries(Object.entries(fieldErrors ?? {}).map(([field, messages]) => [field, messages?.[0] ?? ""]));

/** One landing page: title, address, blocks (add, edit, duplicate, remove, reorder), SEO, status. */
// long-function: the editor's one form: header fields, palette, block list and SEO share its state
export function PageEditor({
  editor,
  defaults,
  origin,
  staged = false,
}: {
  editor: PageEditorData;
  defaults: SeoDefaults;
  origin: string;
  /** The open release stages this page: the editor shows the staged version. */
  staged?: boolean;
}) {
  const { page } = editor;
  const [title, setTitle] = useState(page.title);
  const [path, setPath] = useState(page.path);
  const [seo, setSeo] = useState(editor.seo);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const { blocks, setBlocks, openId, actions, add } = useBlockEditor(editor.blocks);
  const fetcher = useFetcher<ActionResult>({ key: `save-page-${page.id}` });
  const saving = fetcher.state !== "idle";
  useActionResult(fetcher, {
    onSuccess: () => {
      setErrors({});
      toastSuccess("Сохранено", "Страница сохранена");
    },
    onFailure: (failure) => {
      setErrors(firstMessages(failure.fieldErrors));
      toastError("Ошибка", failure.message);
    },
  });

  function save() {
    const found: Record<string, string> = {};
    const pathProblem = slugProblem(normalisePath(path));
    if (pathProblem) found.path = pathProblem;
    if (title.trim() === "") found.title = "Укажите название страницы";
    const checked = validateBlocks(blocks);
    if (!checked.ok) Object.assign(found, checked.errors);
    setErrors(found);
    if (Object.keys(found).length > 0) return toastError("Ошибка", "Исправьте отмеченные поля");
    fetcher.submit(
      {
        intent: pageIntents.save,
        id: page.id,
        version: editor.version,
        title,
        path,
        blocks: JSON.stringify(blocks),
        seo: JSON.stringify(seo),
      },
      { method: "post" },
    );
  }

  const present = new Set(blocks.map((block) => block.type));
  return (
    <div className="grid gap-6">
      <h2 className="text-xl font-semibold text-slate-900">Страница «{page.title}»</h2>
      {staged ? (
        <p className="rounded-md bg-amber-50 p-2 text-sm text-amber-900" data-testid="page-staged">
          Показана версия из открытого выпуска: на сайте она появится после публикации выпуска.
        </p>
      ) : null}
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Link to="/admin/other/pages" className="inline-flex items-center gap-1 text-sm font-medium text-indigo-700 hover:underline">
          <ArrowLeft aria-hidden="true" className="size-4" /> Все страницы
        </Link>
        <div className="flex flex-wrap items-center gap-2">
          {page.status === "published" ? (
            <a
              href={page.path}
              target="_blank"
              rel="noreferrer"
              className="inline-flex items-center gap-1 text-sm text-indigo-700 hover:underline"
            >
              Открыть на сайте <ExternalLink aria-hidden="true" className="size-4" />
            </a>
          ) : null}
          <Button type="button" onClick={save} disabled={saving}>
            {saving ? <Loader2 aria-hidden="true" className="animate-spin" /> : <Save aria-hidden="true" />}
            Сохранить
          </Button>
        </div>
      </div>
      <Card>
        <CardHeader>
          <CardTitle>Страница</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-4 sm:grid-cols-2">
          <div className="grid content-start gap-1">
            <Label htmlFor="page-title">Название</Label>
            <Input
              id="page-title"
              value={title}
              aria-invalid={errors.title ? true : undefined}
              onChange={(event) => setTitle(event.target.value)}
            />
            <FieldError>{errors.title}</FieldError>
          </div>
          <div className="grid content-start gap-1">
            <Label htmlFor="page-path">Адрес</Label>
            <Input
              id="page-path"
              value={path}
              aria-invalid={errors.path ? true : undefined}
              aria-describedby="page-path-note"
              onChange={(event) => setPath(event.target.value)}
            />
            <p id="page-path-note" className="text-xs text-slate-600">
              Например /business-account. При смене адреса опубликованной страницы старый адрес переадресуется (301). В меню страницу можно
              указать как page:{page.id}.
            </p>
            <FieldError>{errors.path}</FieldError>
          </div>
          <PageStatusActions page={page} version={editor.version} />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Блоки</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-4">
          <FieldError>{errors.blocks}</FieldError>
          <BlockList blocks={blocks} openId={openId} errors={errors} actions={actions} onReorder={setBlocks} />
          <div role="group" aria-label="Добавить блок" className="flex flex-wrap gap-2">
            {blockTypeIds.map((type) => (
              <Button
                key={type}
                type="button"
                variant="outline"
                size="sm"
                disabled={isSingleBlockType(type) && present.has(type)}
                onClick={() => add(type)}
              >
                <Plus aria-hidden="true" /> {blockTypes[type].label}
              </Button>
            ))}
          </div>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>SEO</CardTitle>
        </CardHeader>
        <CardContent>
          <SeoPanel
            seo={seo}
            pageTitle={title}
            path={normalisePath(path)}
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
