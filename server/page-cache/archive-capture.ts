// The archive's renderer (app/features/archive): an address answered as the page cache answers
// a visitor, the page rendered and finished as the cache keeps it, so the archive stores the
// bytes visitors get. Renders take their turn with the visitors' (render-queue.ts).
import type { ArchiveCapture } from "~/features/archive/capture.server";
import type { PageRoutes } from "./page-routes";
import { renderPage, type RenderPage } from "./rendered-page";

export interface ArchiveCaptureOptions {
  routes: PageRoutes;
  render: RenderPage;
  finish?: (html: string) => Promise<string>;
  queue?: <T>(task: () => Promise<T>) => Promise<T>;
}

export function archiveCaptureOf(options: ArchiveCaptureOptions): ArchiveCapture {
  const queue = options.queue ?? ((task) => task());
  return {
    async render(path) {
      const request = options.routes.classify("GET", path);
      if (!request) return undefined;
      // A redirect's hit is not counted: no visitor asked.
      if (request.kind === "redirect") return { status: request.status ?? 301, body: Buffer.alloc(0), location: request.location };
      const page = await queue(() => renderPage(options.render, request, options.finish));
      return page && { status: page.status, body: page.identity };
    },
  };
}
