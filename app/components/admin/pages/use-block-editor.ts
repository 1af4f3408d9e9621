import { useMemo, useState } from "react";
import { arrayMove } from "@dnd-kit/sortable";
import { isSingleBlockType, type BlockType } from "~/features/pages/blocks/block-types";
import { createBlock, newBlockId, type Block } from "~/features/pages/blocks/blocks";
import type { BlockCardActions } from "./block-card";

/** The editor's blocks and the stable actions on them (so an unchanged card does not render again). */
export function useBlockEditor(initial: Block[]) {
  const [blocks, setBlocks] = useState(initial);
  const [openId, setOpenId] = useState<string | null>(null);
  const actions = useMemo<BlockCardActions>(
    () => ({
      change: (id, data) => setBlocks((list) => list.map((block) => (block.id === id ? ({ ...block, data } as Block) : block))),
      move: (id, by) =>
        setBlocks((list) => {
          const from = list.findIndex((block) => block.id === id);
          const to = from + by;
          return to < 0 || to >= list.length ? list : arrayMove(list, from, to);
        }),
      duplicate: (id) =>
        setBlocks((list) => {
          const index = list.findIndex((block) => block.id === id);
          const original = list[index];
          if (!original || isSingleBlockType(original.type)) return list;
          const copy = { ...original, id: newBlockId(), data: structuredClone(original.data) } as Block;
          return [...list.slice(0, index + 1), copy, ...list.slice(index + 1)];
        }),
      remove: (id) => setBlocks((list) => list.filter((block) => block.id !== id)),
      toggle: (id) => setOpenId((open) => (open === id ? null : id)),
    }),
    [],
  );
  const add = (type: BlockType) => {
    const block = createBlock(type);
    setBlocks((list) => [...list, block]);
    setOpenId(block.id);
  };
  return { blocks, setBlocks, openId, actions, add };
}
