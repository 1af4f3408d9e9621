import { lazy, Suspense, useEffect, useMemo, useState } from "react";
import type { LandingPageView } from "~/features/pages/view";

// The blocks' code loads only when the browser must render a landing page itself (a client-side
// navigation to one): never with every unknown address's 404, nor to hydrate a page the server
// rendered (the blocks are static sections with no state of their own).
const LandingPage = lazy(() => import("./landing-page").then((module) => ({ default: module.LandingPage })));

// Set once the first landing page the browser loaded has hydrated: from then on every render of
// a landing page is the browser's own, and only the server's DOM of the first one is kept.
let hydrated = false;

/** The server's DOM of this page, still in the document: only while the document's first page hydrates. */
function serverRendered(id: number) {
  return !hydrated && typeof document !== "undefined" && document.querySelector(`[data-landing-page="${id}"]`) !== null;
}

/**
 * A landing page's blocks as a static island. The server renders them in full; hydrating that
 * document, the browser keeps the server's DOM as it is (an empty innerHTML is never applied to
 * an element React hydrates) and neither downloads nor runs the blocks' code: links are plain
 * anchors that the document-level listener of useRouterNavigation takes, FAQ answers are native
 * <details>. A page the browser renders itself (a client-side navigation to it, or a
 * revalidation that changed it) loads the blocks and renders them.
 */
export function LandingPageIsland({ page }: { page: LandingPageView }) {
  // The view the server rendered, when this render hydrates it; undefined on the server and
  // for pages the browser renders itself.
  const [serverPage, setServerPage] = useState(() => (serverRendered(page.id) ? page : undefined));
  useEffect(() => {
    hydrated = true;
  }, []);
  // A revalidation answers a new object: the server's DOM stays while it shows the same page.
  const unchanged = useMemo(
    () => serverPage !== undefined && (serverPage === page || JSON.stringify(serverPage) === JSON.stringify(page)),
    [serverPage, page],
  );
  // Once another page (or a changed one) has replaced the server's DOM, it is gone for good: coming
  // back to the same page in this route's lifetime (landing page A, B, back to A) renders the blocks.
  if (serverPage !== undefined && !unchanged) setServerPage(undefined);
  if (unchanged)
    return <div data-landing-page={page.id} className="contents" suppressHydrationWarning dangerouslySetInnerHTML={{ __html: "" }} />;
  const blocks = (
    <div data-landing-page={page.id} className="contents">
      <LandingPage page={page} />
    </div>
  );
  // No boundary on the server: it waits for the blocks and writes them in place. A Suspense
  // boundary this large is written after the footer and moved in by a script (React's
  // progressive chunks): the footer painted first and shifted (CLS 0.92), and a visitor without
  // JavaScript never saw the blocks.
  return typeof document === "undefined" ? blocks : <Suspense>{blocks}</Suspense>;
}
