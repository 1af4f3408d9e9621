import type { ComponentPropsWithoutRef } from "react";
import { srcSetAddress, storedUploadPath, uploadAddress } from "~/features/uploads/upload-url";
import { useRootData } from "~/components/root-data";

type ImgProps = Omit<ComponentPropsWithoutRef<"img">, "src" | "width" | "height" | "srcSet">;

/**
 * An image from the content: its intrinsic size (so the page does not shift as it loads) and,
 * for uploads, the WebP copies as srcset, from what the server recorded at upload (root
 * loader). Below the fold by default (lazy); `priority` marks the image a page leads with.
 */
export function SiteImage({
  src,
  priority = false,
  sizes = "100vw",
  ...props
}: ImgProps & { src: string; priority?: boolean; ref?: React.Ref<HTMLImageElement> }) {
  const root = useRootData();
  // Keyed by the stored path; a caller may hand over the address already (useImageFallback).
  const info = root?.images?.[storedUploadPath(src, root?.uploadsBase)];
  return (
    <img
      src={uploadAddress(src, root?.uploadsBase)}
      width={info?.width}
      height={info?.height}
      srcSet={srcSetAddress(info?.srcSet, root?.uploadsBase)}
      sizes={info?.srcSet ? sizes : undefined}
      fetchPriority={priority ? "high" : undefined}
      decoding="async"
      {...props}
      loading={props.loading ?? (priority ? "eager" : "lazy")}
    />
  );
}
