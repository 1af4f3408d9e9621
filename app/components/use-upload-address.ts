import { useRouteLoaderData } from "react-router";
import { uploadAddress } from "~/features/uploads/upload-url";
import type { loader } from "~/root";

/** Where an uploaded image is fetched from: the site, or S3_PUBLIC_URL (root loader). */
export function useUploadsBase(): string | undefined {
  return useRouteLoaderData<typeof loader>("root")?.uploadsBase;
}

export function useUploadAddress() {
  const base = useUploadsBase();
  return (value: string) => uploadAddress(value, base);
}
