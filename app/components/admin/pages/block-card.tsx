import { useSortable } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { ArrowDown, ArrowUp, ChevronDown, Copy, GripVertical, Trash2 } from "lucide-react";
import { memo } from "react";
import { Button } from "~/components/ui/button";
import { isSingleBlockType } from "~/features/pages/blocks/block-types";
import type { Block } from "~/features/pages/blocks/blocks";
import { useMessages } from "~/components/admin/i18n/messages-context";
import { inLanguage } from "~/features/admin-i18n/messages";
import { BlockFields } from "./block-fields";

export interface BlockCardActions {
  change(id: string, data: Block["data"]): void;
  move(id: string, by: -1 | 1): void;
  duplicate(id: string): void;
  remove(id: string): void;
  toggle(id: string): void;
}

/** A block in the editor: its handle (drag, or Space then arrows), its actions and, when open, its fields. */
// long-function: one card: its handle, its five actions and its fields, read top to bottom
export const BlockCard = memo(function BlockCard({
  block,
  index,
  count,
  open,
  errors,
  actions,
}: {
  block: Block;
  index: number;
  count: number;
  open: boolean;
  errors: Record<string, string>;
  actions: BlockCardActions;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: block.id });
  const { m, language } = useMessages();
  const label = m.pages.blockTypes[block.type];
  const hasErrors = Object.keys(errors).some((key) => key === `blocks.${index}` || key.startsWith(`blocks.${index}.`));
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      className={`rounded-lg border bg-white shadow-sm ${isDragging ? "z-10 border-indigo-400 shadow-lg" : hasErrors ? "border-red-400" : "border-slate-200"}`}
      data-block-type={block.type}
    >
      {/* On a phone the actions wrap below the block's name instead of widening the editor. */}
      <div className="flex flex-wrap items-center gap-2 p-2">
        <button
          type="button"
          ref={setActivatorNodeRef}
          className="cursor-grab rounded p-1.5 text-slate-500 hover:bg-slate-100 focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:outline-none"
          aria-label={m.pages.block.move({ label, position: index + 1, count })}
          {...attributes}
          {...listeners}
        >
          <GripVertical aria-hidden="true" className="size-4" />
        </button>
        <button
          type="button"
          className="flex flex-1 items-center gap-2 rounded px-1 py-1 text-left text-sm font-medium text-slate-900 focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:outline-none"
          aria-expanded={open}
          onClick={() => actions.toggle(block.id)}
        >
          <ChevronDown aria-hidden="true" className={`size-4 shrink-0 transition ${open ? "rotate-180" : ""}`} />
          <span className="text-slate-500">{index + 1}.</span> <span className="min-w-0 break-words">{label}</span>
          {hasErrors ? <span className="text-xs font-normal text-red-600">{m.pages.block.hasErrors}</span> : null}
        </button>
        <div className="ml-auto flex items-center gap-2">
          <Button
            type="button"
            variant="ghost"
            size="sm"
            aria-label={m.pages.block.up({ label })}
            disabled={index === 0}
            onClick={() => actions.move(block.id, -1)}
          >
            <ArrowUp aria-hidden="true" />
          </Button>
          <Button
            type="button"
            variant="ghost"
            size="sm"
            aria-label={m.pages.block.down({ label })}
            disabled={index === count - 1}
            onClick={() => actions.move(block.id, 1)}
          >
            <ArrowDown aria-hidden="true" />
          </Button>
          <Button
            type="button"
            variant="ghost"
            size="sm"
            aria-label={m.pages.block.duplicate({ label })}
            disabled={isSingleBlockType(block.type)}
            onClick={() => actions.duplicate(block.id)}
          >
            <Copy aria-hidden="true" />
          </Button>
          <Button
            type="button"
            variant="ghost"
            size="sm"
            aria-label={m.pages.block.remove({ label })}
            onClick={() => actions.remove(block.id)}
          >
            <Trash2 aria-hidden="true" />
          </Button>
        </div>
      </div>
      {errors[`blocks.${index}`] ? (
        <p className="px-4 pb-2 text-sm text-red-600">{inLanguage(language, errors[`blocks.${index}`])}</p>
      ) : null}
      {open ? (
        <div className="border-t border-slate-200 p-4">
          <BlockFields
            id={`blocks.${index}`}
            data={block.data as Record<string, unknown>}
            errors={errors}
            fixedLists={block.type === "features" ? ["items"] : []}
            onChange={(data) => actions.change(block.id, data as Block["data"])}
          />
        </div>
      ) : null}
    </li>
  );
});
