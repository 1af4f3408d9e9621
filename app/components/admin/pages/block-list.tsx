import { closestCenter, DndContext, KeyboardSensor, PointerSensor, useSensor, useSensors, type DragEndEvent } from "@dnd-kit/core";
import { arrayMove, SortableContext, sortableKeyboardCoordinates, verticalListSortingStrategy } from "@dnd-kit/sortable";
import type { Block } from "~/features/pages/blocks/blocks";
import { useMessages } from "~/components/admin/i18n/messages-context";
import type { Catalogue } from "~/features/admin-i18n/messages";
import { BlockCard, type BlockCardActions } from "./block-card";

/** Announcements for screen readers while a block is moved by keyboard or pointer. */
const announcements = (texts: Catalogue["pages"]["block"], blocks: Block[]) => {
  const position = (id: unknown) => blocks.findIndex((block) => block.id === id) + 1;
  return {
    onDragStart: ({ active }: { active: { id: unknown } }) => texts.picked({ position: position(active.id) }),
    onDragOver: ({ over }: { over: { id: unknown } | null }) => (over ? texts.over({ position: position(over.id) }) : texts.outside),
    onDragEnd: ({ over }: { over: { id: unknown } | null }) => (over ? texts.dropped({ position: position(over.id) }) : texts.released),
    onDragCancel: () => texts.cancelled,
  };
};

/** The page's blocks, reordered by dragging or by keyboard (the handle, Space, arrows, Space). */
export function BlockList({
  blocks,
  openId,
  errors,
  actions,
  onReorder,
}: {
  blocks: Block[];
  openId: string | null;
  errors: Record<string, string>;
  actions: BlockCardActions;
  onReorder: (blocks: Block[]) => void;
}) {
  const { m } = useMessages();
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  function onDragEnd({ active, over }: DragEndEvent) {
    if (!over || active.id === over.id) return;
    const from = blocks.findIndex((block) => block.id === active.id);
    const to = blocks.findIndex((block) => block.id === over.id);
    onReorder(arrayMove(blocks, from, to));
  }
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{
        announcements: announcements(m.pages.block, blocks),
        screenReaderInstructions: {
          draggable: m.pages.block.instructions,
        },
      }}
    >
      <SortableContext items={blocks.map((block) => block.id)} strategy={verticalListSortingStrategy}>
        <ol className="grid gap-2" aria-label={m.pages.block.list}>
          {blocks.map((block, index) => (
            <BlockCard
              key={block.id}
              block={block}
              index={index}
              count={blocks.length}
              open={openId === block.id}
              errors={errors}
              actions={actions}
            />
          ))}
        </ol>
      </SortableContext>
    </DndContext>
  );
}
