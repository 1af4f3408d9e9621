// The media library's own uploads: files dropped on the zone or chosen (several at once) are sent
// one request each, a few side by side, each with its progress bar and its own answer; the grid
// is loaded again when the last is done.
import { Upload } from "lucide-react";
import { useId, useRef, useState, type DragEvent } from "react";
import { useRevalidator } from "react-router";
import { useMessages } from "~/components/admin/i18n/messages-context";
import { Button } from "~/components/ui/button";
import { formatNumber } from "~/features/admin-i18n/format";
import { inLanguage } from "~/features/admin-i18n/messages";
import { LIBRARY_UPLOAD_PARALLEL, LIBRARY_UPLOAD_PATH, type LibraryUploadAnswer } from "~/features/media/library";
import { acceptedImageTypes, MAX_UPLOAD_BYTES } from "~/features/uploads/schema";

type State = "waiting" | "sending" | "checking" | "stored" | "failed";

interface Item {
  id: number;
  name: string;
  state: State;
  percent: number;
  /** The server's message for a refused file (a Russian catalogue text, shown through inLanguage). */
  message?: string;
}

/** Sends one file as the raw body, reporting the share sent; answers the status and the JSON answer. */
function send(file: File, onProgress: (percent: number) => void, onSent: () => void) {
  return new Promise<{ status: number; body: LibraryUploadAnswer }>((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open("POST", `${LIBRARY_UPLOAD_PATH}?${new URLSearchParams({ name: file.name })}`);
    request.responseType = "json";
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    request.upload.onload = onSent;
    request.onload = () => resolve({ status: request.status, body: (request.response ?? {}) as LibraryUploadAnswer });
    request.onerror = () => reject(new Error("network"));
    request.send(file);
  });
}

// long-function: the queue, the drop zone and the list of files belong together
export function LibraryUpload() {
  const { m, language } = useMessages();
  const t = m.media.upload;
  const inputId = useId();
  const revalidator = useRevalidator();
  const [items, setItems] = useState<Item[]>([]);
  const [dragging, setDragging] = useState(false);
  const queue = useRef<{ id: number; file: File }[]>([]);
  const active = useRef(0);
  const nextId = useRef(1);
  const update = (id: number, patch: Partial<Item>) =>
    setItems((list) => list.map((item) => (item.id === id ? { ...item, ...patch } : item)));

  async function upload(id: number, file: File) {
    if (file.size > MAX_UPLOAD_BYTES) return update(id, { state: "failed", message: m.media.upload.errors.too_large });
    update(id, { state: "sending" });
    try {
      const { status, body } = await send(
        file,
        (percent) => update(id, { percent }),
        () => update(id, { state: "checking", percent: 100 }),
      );
      if (status === 200 && body.file) update(id, { state: "stored", percent: 100 });
      else update(id, { state: "failed", message: body.message ?? t.errors.network });
    } catch {
      update(id, { state: "failed", message: t.errors.network });
    }
  }

  function pump() {
    while (active.current < LIBRARY_UPLOAD_PARALLEL && queue.current.length > 0) {
      const next = queue.current.shift()!;
      active.current += 1;
      void upload(next.id, next.file).finally(() => {
        active.current -= 1;
        if (active.current === 0 && queue.current.length === 0) void revalidator.revalidate();
        pump();
      });
    }
  }

  function add(files: FileList | null) {
    if (!files || files.length === 0) return;
    const added = [...files].map((file) => ({ id: nextId.current++, file }));
    setItems((list) => [...list, ...added.map(({ id, file }) => ({ id, name: file.name, state: "waiting" as const, percent: 0 }))]);
    queue.current.push(...added);
    pump();
  }

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    add(event.dataTransfer.files);
  };
  const busy = items.some((item) => item.state === "waiting" || item.state === "sending" || item.state === "checking");
  const finished = items.filter((item) => item.state === "stored" || item.state === "failed");
  const count = (state: State) => formatNumber(language, items.filter((item) => item.state === state).length);
  const statusOf = (item: Item) =>
    item.state === "waiting"
      ? t.waiting
      : item.state === "sending"
        ? t.sending({ percent: formatNumber(language, item.percent) })
        : item.state === "checking"
          ? t.checking
          : item.state === "stored"
            ? t.stored
            : inLanguage(language, item.message ?? t.errors.network);

  return (
    <section aria-labelledby={`${inputId}-title`} className="grid gap-3 rounded-lg border border-slate-200 bg-white p-4">
      <h3 id={`${inputId}-title`} className="text-base font-semibold text-slate-900">
        {t.title}
      </h3>
      <label
        htmlFor={inputId}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={`flex cursor-pointer flex-col items-center gap-1 rounded-lg border-2 border-dashed p-6 text-center text-sm focus-within:ring-2 focus-within:ring-indigo-600 focus-within:ring-offset-2 ${
          dragging ? "border-indigo-600 bg-indigo-50" : "border-slate-300 bg-slate-50 hover:bg-slate-100"
        }`}
        data-testid="media-drop-zone"
      >
        <Upload aria-hidden="true" className="size-6 text-slate-500" />
        <span className="font-medium text-slate-900">{t.dropZone}</span>
        <span className="text-slate-600">{t.hint}</span>
        <input
          id={inputId}
          type="file"
          multiple
          className="sr-only"
          accept={acceptedImageTypes.join(",")}
          onChange={(event) => {
            add(event.target.files);
            event.target.value = "";
          }}
        />
      </label>
      {items.length > 0 ? (
        <ul aria-label={t.list} className="grid gap-2">
          {items.map((item) => (
            <li key={item.id} className="grid gap-1 rounded border border-slate-200 p-2 text-sm" data-upload={item.name}>
              <span className="break-all font-medium text-slate-900">{item.name}</span>
              <div
                role="progressbar"
                aria-label={t.progress({ name: item.name })}
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={item.percent}
                className="h-2 w-full overflow-hidden rounded-full bg-slate-100"
              >
                <div
                  className={`h-full transition-[width] ${item.state === "failed" ? "bg-red-600" : item.state === "stored" ? "bg-emerald-600" : "bg-indigo-600"}`}
                  style={{ width: `${item.percent}%` }}
                />
              </div>
              <span className={item.state === "failed" ? "text-red-800" : item.state === "stored" ? "text-emerald-800" : "text-slate-600"}>
                {statusOf(item)}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
      {/* Each file's outcome is announced once, as it comes; the percentages are not. */}
      <div aria-live="polite" className="sr-only">
        {finished.map((item) => (
          <p key={item.id}>{`${item.name}: ${statusOf(item)}`}</p>
        ))}
      </div>
      {items.length > 0 && !busy ? (
        <div className="flex flex-wrap items-center gap-3">
          <p role="status" className="text-sm text-slate-700">
            {t.summary({ stored: count("stored"), failed: count("failed") })}
          </p>
          <Button type="button" variant="outline" size="sm" onClick={() => setItems([])}>
            {t.clear}
          </Button>
        </div>
      ) : null}
    </section>
  );
}
