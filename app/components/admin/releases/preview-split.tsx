import { Monitor, PanelRightClose, PanelRightOpen, Smartphone, Tablet } from "lucide-react";
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { useLocation, useSearchParams } from "react-router";
import { Button } from "~/components/ui/button";
import { cn } from "~/platform/cn";
import { publicPagePaths } from "~/features/seo/public-pages.js";
import { LIVE_PREVIEW_MESSAGE, LIVE_PREVIEW_PAINTED, LIVE_PREVIEW_READY, previewHref } from "~/features/releases/preview/preview";
import { useMessages } from "~/components/admin/i18n/messages-context";
import { LivePreviewContext, type LivePreview } from "./preview-context";

const widths = [
  { id: "phone", width: 375, icon: Smartphone },
  { id: "tablet", width: 768, icon: Tablet },
  { id: "desktop", width: 1280, icon: Monitor },
] as const;
type Width = (typeof widths)[number]["id"];

/** Tabs whose editors type page content the frame can show before it is saved. */
const LIVE_TABS = /^\/admin\/(content|fees|legal|settings)(\/|$)/;

/** The public page a tab's editors change most visibly. */
function pageFor(pathname: string, page: string | null): string {
  if (pathname.startsWith("/admin/fees")) return "/fees";
  if (pathname.startsWith("/admin/legal")) return "/terms";
  const candidate = page && page !== "home" ? `/${page}` : "/";
  return (publicPagePaths as readonly string[]).includes(candidate) ? candidate : "/";
}

/**
 * The dashboard's main area; on the content, fees, legal and settings tabs it can split into the
 * editor and the site in a frame at phone, tablet or desktop width, following what is typed
 * before anything is saved (the frame's page revalidates its data from the server with the typed
 * values and the release the administrator drafts into).
 */
export function LivePreviewMain({ children, releaseId = null }: { children: ReactNode; releaseId?: number | null }) {
  const { m } = useMessages();
  const { pathname } = useLocation();
  const [searchParams] = useSearchParams();
  const [open, setOpen] = useState(false);
  const available = LIVE_TABS.test(pathname);
  const split = open && available;
  const values = useRef(new Map<string, string>());
  const frame = useRef<HTMLIFrameElement>(null);
  const typedAt = useRef(new Map<number, number>());
  const seq = useRef(0);
  const [delay, setDelay] = useState<number>();

  const send = useCallback(() => {
    const target = frame.current?.contentWindow;
    if (!target) return;
    seq.current += 1;
    // Each sending is timed, those to a page that has just loaded too (typing may have ended before).
    typedAt.current.set(seq.current, performance.now());
    target.postMessage(
      { type: LIVE_PREVIEW_MESSAGE, seq: seq.current, values: Object.fromEntries(values.current) },
      window.location.origin,
    );
  }, []);
  const live = useMemo<LivePreview>(
    () => ({
      report(key, value) {
        values.current.set(key, value);
        if (!frame.current) return;
        send();
      },
    }),
    [send],
  );

  useEffect(() => {
    if (!split) return;
    const listen = (event: MessageEvent) => {
      if (event.origin !== window.location.origin || event.source !== frame.current?.contentWindow) return;
      const data = event.data as { type?: string; seq?: number };
      // A page (re)loaded in the frame gets what has been typed so far.
      if (data.type === LIVE_PREVIEW_READY && values.current.size > 0) send();
      if (data.type === LIVE_PREVIEW_PAINTED && typeof data.seq === "number") {
        const started = typedAt.current.get(data.seq);
        if (started !== undefined) setDelay(Math.round(performance.now() - started));
        typedAt.current.delete(data.seq);
      }
    };
    window.addEventListener("message", listen);
    return () => window.removeEventListener("message", listen);
  }, [split, send]);

  return (
    <LivePreviewContext.Provider value={split ? live : null}>
      <main className={cn("mx-auto px-4 py-6", split ? "max-w-none" : "max-w-6xl")}>
        {available && (
          <div className="mb-4 flex justify-end">
            <Button variant="outline" size="sm" onClick={() => setOpen(!open)} aria-pressed={split} data-testid="live-preview-toggle">
              {split ? <PanelRightClose /> : <PanelRightOpen />}
              {split ? m.releases.split.hide : m.releases.split.show}
            </Button>
          </div>
        )}
        {split ? (
          <div className="grid items-start gap-6 xl:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
            <div className="min-w-0">{children}</div>
            <PreviewFrame frameRef={frame} releaseId={releaseId} initialPath={pageFor(pathname, searchParams.get("page"))} delay={delay} />
          </div>
        ) : (
          children
        )}
      </main>
    </LivePreviewContext.Provider>
  );
}

function PreviewFrame(props: {
  frameRef: React.RefObject<HTMLIFrameElement | null>;
  releaseId: number | null;
  initialPath: string;
  delay: number | undefined;
}) {
  const { m } = useMessages();
  const [width, setWidth] = useState<Width>("phone");
  const [path, setPath] = useState(props.initialPath);
  useEffect(() => setPath(props.initialPath), [props.initialPath]);
  const box = useRef<HTMLDivElement>(null);
  const [room, setRoom] = useState(600);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => setRoom(entry!.contentRect.width));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  const device = widths.find((option) => option.id === width)!;
  const scale = Math.min(1, room / device.width);
  const height = 720;
  return (
    <section
      aria-label={m.releases.split.page}
      className="sticky top-4 min-w-0 rounded-xl border border-slate-200 bg-white p-3 shadow-sm"
      data-testid="live-preview"
      data-delay-ms={props.delay}
    >
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <div role="group" aria-label={m.releases.split.width} className="flex gap-1">
          {widths.map((option) => (
            <Button
              key={option.id}
              variant={option.id === width ? "default" : "outline"}
              size="sm"
              aria-pressed={option.id === width}
              onClick={() => setWidth(option.id)}
            >
              <option.icon />
              {m.releases.split.widths[option.id]}
            </Button>
          ))}
        </div>
        <label className="flex items-center gap-2 text-sm text-slate-700">
          {m.releases.split.path}
          <select
            value={path}
            onChange={(event) => setPath(event.target.value)}
            className="rounded-md border border-slate-300 bg-white px-2 py-1 text-sm"
          >
            {publicPagePaths.map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </select>
        </label>
      </div>
      <div ref={box} className="overflow-hidden rounded-lg border border-slate-200 bg-slate-100" style={{ height: height * scale }}>
        <div className="mx-auto h-full overflow-hidden bg-white" style={{ width: device.width * scale }}>
          <iframe
            ref={props.frameRef}
            title={m.releases.split.frame}
            src={previewHref(props.releaseId, path)}
            className="origin-top-left border-0 bg-white"
            style={{ width: device.width, height, transform: `scale(${scale})` }}
          />
        </div>
      </div>
      <p className="mt-2 text-xs text-slate-600" aria-live="polite">
        {props.delay === undefined ? m.releases.split.hint : m.releases.split.updated({ ms: props.delay })}
      </p>
    </section>
  );
}
