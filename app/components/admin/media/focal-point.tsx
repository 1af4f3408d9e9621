import { useId, type KeyboardEvent, type MouseEvent } from "react";
import { useMessages } from "~/components/admin/i18n/messages-context";
import { Button } from "~/components/ui/button";
import { formatNumber } from "~/features/admin-i18n/format";
import { cropShapes, objectPositionOf, type FocalPoint } from "~/features/media/info";

/** A step of the arrow keys (Shift: a finer one). */
const STEP = 0.05;
const FINE_STEP = 0.01;

const clamp = (value: number) => Math.min(1, Math.max(0, Math.round(value * 1000) / 1000));

/**
 * The focal point of an image: set by clicking the image, or by focusing it and moving the point
 * with the arrow keys (Home: the centre); each fixed-ratio crop is previewed around it.
 */
export function FocalPointPicker({
  src,
  focal,
  onChange,
}: {
  src: string;
  focal: FocalPoint | null;
  onChange: (focal: FocalPoint | null) => void;
}) {
  const { m, language } = useMessages();
  const t = m.media.file;
  const hintId = useId();
  const point = focal ?? { x: 0.5, y: 0.5 };
  const where = focal
    ? t.focalAt({ x: formatNumber(language, focal.x * 100, 0), y: formatNumber(language, focal.y * 100, 0) })
    : t.focalCentre;

  function click(event: MouseEvent<HTMLDivElement>) {
    const box = event.currentTarget.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) return;
    onChange({ x: clamp((event.clientX - box.left) / box.width), y: clamp((event.clientY - box.top) / box.height) });
  }

  function key(event: KeyboardEvent<HTMLDivElement>) {
    const step = event.shiftKey ? FINE_STEP : STEP;
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [-step, 0],
      ArrowRight: [step, 0],
      ArrowUp: [0, -step],
      ArrowDown: [0, step],
    };
    if (event.key === "Home") {
      event.preventDefault();
      onChange(null);
      return;
    }
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    onChange({ x: clamp(point.x + move[0]), y: clamp(point.y + move[1]) });
  }

  return (
    <div className="grid gap-3">
      <p id={hintId} className="text-sm text-slate-600">
        {t.focalHint}
      </p>
      {/* A point on a picture has no native control: the image takes clicks and arrow keys. */}
      <div
        role="application"
        tabIndex={0}
        aria-label={t.focalPicker}
        aria-describedby={hintId}
        data-testid="focal-picker"
        onClick={click}
        onKeyDown={key}
        className="relative w-full max-w-xl cursor-crosshair overflow-hidden rounded border border-slate-200 bg-slate-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
      >
        <img src={src} alt="" className="block h-auto w-full select-none" draggable={false} />
        <span
          aria-hidden="true"
          className="pointer-events-none absolute size-5 -translate-x-1/2 -translate-y-1/2 rounded-full border-2 border-white bg-indigo-600/70 shadow"
          style={{ left: `${point.x * 100}%`, top: `${point.y * 100}%` }}
        />
      </div>
      <p className="text-sm text-slate-800" aria-live="polite" data-testid="focal-value">
        {t.focalTitle}: {where}
      </p>
      {focal ? (
        <div>
          <Button type="button" variant="outline" size="sm" onClick={() => onChange(null)}>
            {t.focalReset}
          </Button>
        </div>
      ) : null}
      <CropPreviews src={src} focal={focal} />
    </div>
  );
}

/** Each fixed-ratio crop of the image around its focal point. */
function CropPreviews({ src, focal }: { src: string; focal: FocalPoint | null }) {
  const t = useMessages().m.media.file;
  return (
    <>
      <h3 className="text-sm font-semibold text-slate-900">{t.crops}</h3>
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        {cropShapes.map((shape) => (
          <li key={shape.id} className="grid gap-1">
            <img
              src={src}
              alt=""
              className="w-full rounded border border-slate-200 bg-slate-100 object-cover"
              style={{ aspectRatio: `${shape.width} / ${shape.height}`, objectPosition: objectPositionOf(focal) }}
              data-crop={shape.id}
            />
            <span className="text-xs text-slate-700">{t.crop[shape.id]}</span>
          </li>
        ))}
      </ul>
    </>
  );
}
