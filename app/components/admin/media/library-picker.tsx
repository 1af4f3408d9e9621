import { ImagePlus, Loader2 } from "lucide-react";
import { Dialog } from "radix-ui";
import { useEffect, useId, useState } from "react";
import { useFetcher } from "react-router";
import { useMessages } from "~/components/admin/i18n/messages-context";
import { Button, buttonVariants } from "~/components/ui/button";
import { useUploadAddress } from "~/components/use-upload-address";
import type { LibraryFile } from "~/features/media/library";

const LIBRARY_PATH = "/admin/other/media";

/**
 * 'Из медиатеки': the library's images in a dialog, searched by name; choosing one hands its
 * address to the field (`onPick`), which saves it as it saves an upload.
 */
export function LibraryPicker({ onPick, disabled }: { onPick: (file: LibraryFile) => void; disabled?: boolean }) {
  const { m } = useMessages();
  const t = m.media;
  const [open, setOpen] = useState(false);
  const [q, setQ] = useState("");
  const library = useFetcher<{ files: LibraryFile[] }>();
  const searchId = useId();
  const { load } = library;
  useEffect(() => {
    if (!open) return;
    const timer = setTimeout(
      () => void load(`${LIBRARY_PATH}?${new URLSearchParams({ type: "images", ...(q ? { q } : {}) })}`),
      q ? 250 : 0,
    );
    return () => clearTimeout(timer);
  }, [open, q, load]);
  const files = library.data?.files ?? [];

  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>
        <Button type="button" variant="outline" size="sm" disabled={disabled}>
          <ImagePlus /> {t.pick}
        </Button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/40" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-50 flex max-h-[85vh] w-[min(48rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 flex-col gap-4 rounded-xl bg-white p-6 shadow-xl">
          <div>
            <Dialog.Title className="text-lg font-semibold">{t.pickTitle}</Dialog.Title>
            <Dialog.Description className="mt-1 text-sm text-slate-600">{t.pickDescription}</Dialog.Description>
          </div>
          <div className="grid gap-1">
            <label htmlFor={searchId} className="text-sm font-medium text-slate-800">
              {t.pickSearch}
            </label>
            <input
              id={searchId}
              type="search"
              value={q}
              onChange={(event) => setQ(event.currentTarget.value)}
              className="h-9 rounded-md border border-slate-300 px-3 text-sm"
            />
          </div>
          <PickerGrid
            files={files}
            loading={library.state !== "idle"}
            onPick={(file) => {
              onPick(file);
              setOpen(false);
            }}
          />
          <div className="flex justify-end">
            <Dialog.Close className={buttonVariants({ variant: "outline" })}>{m.common.cancel}</Dialog.Close>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** The library's images as buttons, each choosing its file. */
function PickerGrid({ files, loading, onPick }: { files: LibraryFile[]; loading: boolean; onPick: (file: LibraryFile) => void }) {
  const { m } = useMessages();
  const t = m.media;
  const uploadAddress = useUploadAddress();
  return (
    <div className="min-h-32 overflow-y-auto" aria-busy={loading}>
      {loading && files.length === 0 ? (
        <p className="flex items-center gap-2 text-sm text-slate-600">
          <Loader2 className="size-4 animate-spin" aria-hidden="true" /> {t.pickLoading}
        </p>
      ) : files.length === 0 ? (
        <p className="text-sm text-slate-600">{t.pickNone}</p>
      ) : (
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4" data-testid="library-picker">
          {files.map((file) => (
            <li key={file.name}>
              <button
                type="button"
                onClick={() => onPick(file)}
                className="grid w-full gap-1 rounded-lg border border-slate-200 p-2 text-left hover:border-indigo-400 focus-visible:outline-2 focus-visible:outline-indigo-600"
                aria-label={t.pickThis({ name: file.name })}
              >
                <img src={uploadAddress(file.path)} alt="" loading="lazy" className="h-24 w-full rounded object-contain bg-slate-50" />
                <span className="truncate font-mono text-xs text-slate-700">{file.name}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
