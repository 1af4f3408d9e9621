import type { Writable } from "node:stream";
// React's server renderer that writes strings (built for Bun; pure JavaScript on Node APIs).
// react-dom/server encodes each of a page's thousands of small chunks into bytes as it goes:
// that cost a fifth of an uncached page's time, for a document that is answered in one piece.
import { renderToPipeableStream, renderToString } from "react-dom/server.bun";
import { ServerRouter, type AppLoadContext, type EntryContext } from "react-router";
import "./record-kinds.server";
import { frameworkInternalsEnabled } from "~/platform/react-router-internals";
import { NonceProvider } from "./components/nonce";
import { DocumentRouter, readHandoff } from "./document-router.server";
import { serverLinks } from "./components/site/link-target";
import { localizeLink } from "./features/seo/language-links.server";

// The public pages' links in the page's locale (the default locale's are left as they are).
serverLinks.localize = localizeLink;

export const streamTimeout = 5_000;

/**
 * Renders the whole document, then answers with it in one piece. The pages have no deferred
 * data, so streaming would show nothing earlier, while React's many small writes each cost a
 * round through the compressor. A caller that passes `document` in the load context (the page
 * cache) takes the HTML from it, and the response carries no body to encode and decode again.
 * The page's loader data is read before React starts (document-router.server.tsx); with a React
 * Router that lacks the internals it needs (react-router-internals.ts), <ServerRouter> renders
 * the same document, reading the data while it renders.
 */
export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext.nonce;
  const fenced = frameworkInternalsEnabled();
  const reads = fenced ? await readHandoff(routerContext.serverHandoffStream) : undefined;
  if (loadContext.document && !nonce && fenced) {
    const html = renderWhole(routerContext, reads);
    if (html !== undefined) {
      responseHeaders.set("Content-Type", "text/html; charset=utf-8");
      loadContext.document.html = html;
      return new Response(null, { headers: responseHeaders, status: responseStatusCode });
    }
  }
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        {fenced ? (
          <DocumentRouter context={routerContext} reads={reads} nonce={nonce} />
        ) : (
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        )}
      </NonceProvider>,
      {
        nonce,
        onAllReady() {
          shellRendered = true;
          pipe(
            collectDocument((html) => {
              clearTimeout(timer);
              responseHeaders.set("Content-Type", "text/html; charset=utf-8");
              const init = { headers: responseHeaders, status: responseStatusCode };
              if (loadContext.document) {
                loadContext.document.html = html;
                resolve(new Response(null, init));
              } else {
                resolve(new Response(html, init));
              }
            }, reject),
          );
        },
        onShellError(error: unknown) {
          clearTimeout(timer);
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered && !request.signal.aborted) console.error(error);
        },
      },
    );
    const timer = setTimeout(abort, streamTimeout + 1000);
  });
}

/**
 * The document in one synchronous pass of React's string renderer, for the page cache (no nonce,
 * nothing deferred: every loader's data is there before React starts). It is the same Fizz
 * renderer writing the same HTML, without what the streaming renderer does for a stream: it
 * measures the bytes of each of the document's thousands of chunks (for outlining Suspense
 * boundaries it never outlines here), and schedules its work and its writes. Undefined when a
 * component suspended or threw, or a part of the document failed and was left to the browser
 * (React's `<!--$!-->`): the streaming renderer then renders it again, waits for what suspended,
 * and reports an error and the status 500 as it always did.
 */
function renderWhole(context: EntryContext, reads: Awaited<ReturnType<typeof readHandoff>>): string | undefined {
  let html: string;
  try {
    html = renderToString(
      <NonceProvider value="">
        <DocumentRouter context={context} reads={reads} nonce="" />
      </NonceProvider>,
    );
  } catch {
    // A component suspended (a lazy module's first load: the landing page's blocks) or threw:
    // the streaming renderer waits for the one and reports the other, as it always did.
    return undefined;
  }
  if (html.includes("<!--$!-->")) return undefined;
  // The string renderer leaves out the doctype the streaming renderer writes before <html>.
  return html.startsWith("<html") ? `<!DOCTYPE html>${html}` : html;
}

/**
 * The destination React writes the finished document to. Appending each of its thousands of
 * chunks to one string costs less than keeping them in an array and joining them at the end.
 */
function collectDocument(done: (html: string) => void, fail: (error: unknown) => void) {
  let html = "";
  const destination = {
    write(chunk: string) {
      html += chunk;
      return true;
    },
    end() {
      done(html);
    },
    destroy(error: unknown) {
      fail(error);
    },
    on() {
      return destination;
    },
  };
  return destination as unknown as Writable;
}
