import { useState } from "react";

export interface ImageUploadFieldProps {
  /** Which content value the image belongs to; page defaults to "global" (settings). */
  target: { page?: string; section: string };
  /** The current image address, or "" when none is set. */
  value: string;
  label?: string;
  onChange?: (url: string) => void;
}

/**
 * Uploads an image to /admin/upload for one content value, shows it and can remove it.
 * NOTE: first version; the progress bar, preview and messages of SPEC §5/§8 come with the
 * settings work.
 */
export function ImageUploadField({ target, value, label, onChange }: ImageUploadFieldProps) {
  const [current, setCurrent] = useState(value);
  const query = new URLSearchParams({ page: target.page ?? "global", section: target.section });
  async function upload(file: File) {
    const response = await fetch(`/admin/upload?${query}`, { method: "POST", body: file });
    const body = (await response.json()) as { url?: string; message?: string };
    if (response.ok && body.url !== undefined) {
      setCurrent(body.url);
      onChange?.(body.url);
    }
  }
  return (
    <div className="space-y-2">
      {label ? <p className="text-sm font-medium">{label}</p> : null}
      {current ? <img src={current} alt="" className="h-16 rounded border border-slate-200 object-contain" /> : null}
      <input
        type="file"
        accept="image/jpeg,image/png,image/gif,image/webp"
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (file) void upload(file);
          event.target.value = "";
        }}
      />
    </div>
  );
}
