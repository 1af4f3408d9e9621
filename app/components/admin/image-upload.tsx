import { ImageIcon, Loader2, Trash2, Upload } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { useRevalidator } from "react-router";
import { Button } from "~/components/ui/button";
import { useUploadAddress } from "~/components/use-upload-address";
import { toastError, toastSuccess } from "~/components/ui/toast";
import { acceptedImageTypes, imageFileProblem, uploadMessages } from "~/features/uploads/schema";
import { useMessages } from "~/components/admin/i18n/messages-context";
import { LibraryPicker } from "~/components/admin/media/library-picker";
import { inLanguage } from "~/features/admin-i18n/messages";
import { MEDIA_PICK_PATH, mediaIntents, type LibraryFile } from "~/features/media/library";

export interface ImageUploadFieldProps {
  /** Which content value the image belongs to; page defaults to "global" (settings). */
  target: { page?: string; section: string };
  /** The current image address, or "" when none is set. */
  value: string;
  label?: string;
  /** Called with the new address after an upload, or "" after a removal. */
  onChange?: (url: string) => void;
  /** Another upload endpoint that answers the same way (a landing page's block images). */
  address?: string;
}

interface UploadAnswer {
  url?: string;
  message?: string;
}

/** Sends the file as the raw body, reporting progress (0-100) while the bytes leave the browser. */
function sendImage(address: string, file: File, onProgress: (percent: number) => void) {
  return new Promise<{ status: number; body: UploadAnswer }>((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open("POST", address);
    request.responseType = "json";
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    request.onload = () => resolve({ status: request.status, body: (request.response ?? {}) as UploadAnswer });
    request.onerror = () => reject(new Error(uploadMessages.network));
    request.send(file);
  });
}

/**
 * Uploads an image for one content value with a progress bar, shows it and can remove it
 * (the value becomes "" and the site falls back to its default). The browser checks size
 * and type first; the server decides again from the file's bytes.
 */
// long-function: one field: the browser's size and type checks, the upload and the preview follow each other
export function ImageUploadField({ target, value, label, onChange, address: customAddress }: ImageUploadFieldProps) {
  const { m, language } = useMessages();
  const uploadAddress = useUploadAddress();
  const [current, setCurrent] = useState(value);
  const [progress, setProgress] = useState<number | null>(null);
  const [removing, setRemoving] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const revalidator = useRevalidator();
  const address = customAddress ?? `/admin/upload?${new URLSearchParams({ page: target.page ?? "global", section: target.section })}`;
  const busy = progress !== null || removing;
  // A value changed elsewhere (another tab, a reload of the list) replaces what is shown.
  useEffect(() => setCurrent(value), [value]);

  function settle(url: string, message: string) {
    setCurrent(url);
    onChange?.(url);
    toastSuccess(message);
    void revalidator.revalidate();
  }

  const clearInput = () => {
    if (input.current) input.current.value = "";
  };

  async function upload(file: File) {
    const problem = imageFileProblem(file);
    if (problem) {
      clearInput();
      return toastError(uploadMessages.upload_error, problem);
    }
    setProgress(0);
    try {
      const { status, body } = await sendImage(address, file, setProgress);
      if (status === 200 && typeof body.url === "string") settle(body.url, uploadMessages.uploaded);
      else toastError(uploadMessages.upload_error, body.message ?? uploadMessages.network);
    } catch {
      toastError(uploadMessages.upload_error, uploadMessages.network);
    } finally {
      setProgress(null);
      clearInput();
    }
  }

  /** A file of the library: a block's or page's field takes it at once (saved with the page); a content value is saved now. */
  async function pick(file: LibraryFile) {
    if (customAddress) return settle(file.path, m.media.picked);
    setRemoving(true);
    try {
      const form = new URLSearchParams({
        intent: mediaIntents.pickFile,
        page: target.page ?? "global",
        section: target.section,
        file: file.name,
      });
      const response = await fetch(MEDIA_PICK_PATH, { method: "POST", body: form });
      const answer = (await response.json().catch(() => ({}))) as UploadAnswer;
      if (response.ok && typeof answer.url === "string") settle(answer.url, m.media.picked);
      else toastError(m.common.error, inLanguage(language, answer.message) || m.media.pickFailed);
    } catch {
      toastError(m.common.error, m.media.pickFailed);
    } finally {
      setRemoving(false);
    }
  }

  async function remove() {
    setRemoving(true);
    try {
      const response = await fetch(address, { method: "DELETE" });
      if (response.ok) settle("", uploadMessages.removed);
      else toastError(m.common.error, ((await response.json().catch(() => ({}))) as UploadAnswer).message ?? uploadMessages.remove_failed);
    } catch {
      toastError(m.common.error, uploadMessages.remove_failed);
    } finally {
      setRemoving(false);
    }
  }

  return (
    <div className="space-y-3" data-testid={`image-upload-${target.section}`}>
      {label ? (
        <label htmlFor={inputId} className="text-sm font-medium text-slate-800">
          {label}
        </label>
      ) : null}
      <div className="flex flex-wrap items-center gap-4">
        <div className="flex h-20 w-32 items-center justify-center overflow-hidden rounded-md border border-slate-200 bg-slate-50">
          {current ? (
            <img src={uploadAddress(current)} alt={label ?? target.section} className="max-h-full max-w-full object-contain" />
          ) : (
            <ImageIcon aria-label={m.upload.noImage} className="size-6 text-slate-400" />
          )}
        </div>
        <div className="flex flex-wrap gap-2">
          <Button type="button" variant="outline" size="sm" disabled={busy} onClick={() => input.current?.click()}>
            {progress !== null ? <Loader2 className="animate-spin" /> : <Upload />}
            {progress !== null ? m.upload.uploading : m.upload.upload}
          </Button>
          <LibraryPicker disabled={busy} onPick={(file) => void pick(file)} />
          {current ? (
            <Button type="button" variant="ghost" size="sm" disabled={busy} onClick={() => void remove()}>
              <Trash2 /> {m.upload.remove}
            </Button>
          ) : null}
        </div>
        <input
          ref={input}
          id={inputId}
          type="file"
          className="sr-only"
          accept={acceptedImageTypes.join(",")}
          aria-label={label ? undefined : m.upload.uploadFor({ section: target.section })}
          disabled={busy}
          onChange={(event) => {
            const file = event.target.files?.[0];
            if (file) void upload(file);
          }}
        />
      </div>
      {progress !== null ? (
        <div
          role="progressbar"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={progress}
          className="h-2 w-full overflow-hidden rounded-full bg-slate-100"
        >
          <div className="h-full bg-indigo-600 transition-[width]" style={{ width: `${progress}%` }} />
        </div>
      ) : null}
      <p className="break-all text-xs text-slate-500">{current || m.upload.notSet}</p>
    </div>
  );
}
