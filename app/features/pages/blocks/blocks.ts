import { z } from "zod";
import { blockTypes, isBlockType, isSingleBlockType, type BlockData, type BlockType } from "./block-types";

/** One block of a page as stored: a stable id (for the editor's keys and reordering), its type, its data. */
export type Block = { [T in BlockType]: { id: string; type: T; data: BlockData<T> } }[BlockType];

/** Whatever the stored or posted JSON holds, before each block is checked by its type's schema. */
export interface LooseBlock {
  id: string;
  type: BlockType;
  data: unknown;
}

export const MAX_BLOCKS = 60;

const blockIdPattern = /^[A-Za-z0-9_-]{1,40}$/;

export function newBlockId(): string {
  return Math.random().toString(36).slice(2, 10) + Date.now().toString(36).slice(-4);
}

/** A new block of a type with its default data (a copy, so editing it never touches the default). */
export function createBlock(type: BlockType, id = newBlockId()): Block {
  return { id, type, data: structuredClone(blockTypes[type].defaults) } as Block;
}

/**
 * The block's data checked by its schema; when it fails, each field that still passes is kept and
 * the others take the type's default, so a page with damaged stored data never renders blank.
 */
export function readBlockData<T extends BlockType>(type: T, data: unknown): BlockData<T> {
  const entry = blockTypes[type];
  const schema = entry.schema as unknown as z.ZodObject<Record<string, z.ZodType>>;
  const parsed = schema.safeParse(data);
  if (parsed.success) return parsed.data as BlockData<T>;
  const defaults = entry.defaults as Record<string, unknown>;
  const given = (data && typeof data === "object" ? data : {}) as Record<string, unknown>;
  const merged: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(schema.shape)) {
    const value = field.safeParse(given[key]);
    merged[key] = value.success ? value.data : structuredClone(defaults[key]);
  }
  const repaired = schema.safeParse(merged);
  return (repaired.success ? repaired.data : structuredClone(defaults)) as BlockData<T>;
}

/** Stored blocks as the site renders them: unknown types dropped, each block's data repaired. */
export function readBlocks(stored: unknown): Block[] {
  if (!Array.isArray(stored)) return [];
  const blocks: Block[] = [];
  stored.forEach((raw: unknown, index) => {
    if (!raw || typeof raw !== "object") return;
    const { id, type, data } = raw as Record<string, unknown>;
    if (!isBlockType(type)) return;
    const blockId = typeof id === "string" && blockIdPattern.test(id) ? id : `block-${index + 1}`;
    blocks.push({ id: blockId, type, data: readBlockData(type, data) } as Block);
  });
  return blocks;
}

/** Field errors keyed by the field's path in the editor: `blocks.2.items.0.title`. */
export type BlockFieldErrors = Record<string, string>;

const looseBlockSchema = z.object({
  id: z.string().regex(blockIdPattern),
  type: z.string().refine(isBlockType),
  data: z.unknown(),
});

/** Checks posted blocks, each by its type's schema; answers the blocks or every field's message. */
export function validateBlocks(posted: unknown): { ok: true; blocks: Block[] } | { ok: false; errors: BlockFieldErrors } {
  const list = z.array(looseBlockSchema).max(MAX_BLOCKS).safeParse(posted);
  if (!list.success) return { ok: false, errors: { blocks: "Неверный список блоков" } };
  const errors: BlockFieldErrors = {};
  const blocks: Block[] = [];
  const seen = new Set<string>();
  const types = new Set<BlockType>();
  list.data.forEach((block, index) => {
    const type = block.type as BlockType;
    if (seen.has(block.id)) errors[`blocks.${index}`] = "Повторяющийся блок";
    if (isSingleBlockType(type) && types.has(type)) errors[`blocks.${index}`] = "Такой блок может быть на странице только один";
    seen.add(block.id);
    types.add(type);
    const parsed = blockTypes[type].schema.safeParse(block.data);
    if (parsed.success) blocks.push({ id: block.id, type, data: parsed.data } as Block);
    else for (const issue of parsed.error.issues) errors[["blocks", index, ...issue.path].join(".")] ??= issue.message;
  });
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, blocks };
}
