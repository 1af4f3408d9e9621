import { uploadAddress } from "~/features/uploads/upload-url";
import { useRootData } from "./root-data";

/** Where an uploaded image is fetched from: the site, or S3_PUBLIC_URL (root loader). */
export function useUploadsBase(): string | undefined {
  return useRootData()?.uploadsBase;
}

export function useUploadAddress() {
  const base = useUploadsBase();
  return (value: string) => uploadAddress(value, base);
}
