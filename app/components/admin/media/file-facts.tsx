import { useMessages } from "~/components/admin/i18n/messages-context";
import { formatNumber } from "~/features/admin-i18n/format";

/** A time as the library shows it: minutes, in UTC. */
export const moment = (iso: string) => `${iso.slice(0, 16).replace("T", " ")} UTC`;

/** What a library tile and a file's page both say of a file. */
export interface FileFactsOf {
  type: string;
  size: number;
  width: number | null;
  height: number | null;
  /** Null: unknown (a file found in the store, uploaded before the catalogue kept who and when). */
  uploader: { name: string | null } | null;
  uploadedAt: string | null;
}

/**
 * A file's type, size, pixels, who uploaded it and when: small on a library tile (an unknown
 * uploader left out), full on the file's page (an unknown uploader or date said so).
 */
export function FileFacts({ file, variant }: { file: FileFactsOf; variant: "tile" | "page" }) {
  const { m, language } = useMessages();
  const t = m.media;
  const page = variant === "page";
  return (
    <dl
      className={
        page
          ? "mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm text-slate-700"
          : "grid grid-cols-[auto_1fr] gap-x-2 text-xs text-slate-700"
      }
    >
      <dt>{t.type}</dt>
      <dd className="break-all">{file.type}</dd>
      <dt>{t.size}</dt>
      <dd>{t.kilobytes({ size: formatNumber(language, file.size / 1024, 1) })}</dd>
      {file.width && file.height ? (
        <>
          <dt>{t.dimensions}</dt>
          <dd>{t.pixels({ width: formatNumber(language, file.width), height: formatNumber(language, file.height) })}</dd>
        </>
      ) : null}
      {file.uploader || page ? (
        <>
          <dt>{t.uploader}</dt>
          <dd className="break-all" data-testid={page ? "media-uploader" : undefined}>
            {file.uploader ? (file.uploader.name ?? t.deletedAccount) : t.file.unknownUploader}
          </dd>
        </>
      ) : null}
      <dt>{t.uploaded}</dt>
      <dd data-testid={page ? "media-uploaded" : undefined}>{file.uploadedAt ? moment(file.uploadedAt) : t.file.unknownDate}</dd>
    </dl>
  );
}
