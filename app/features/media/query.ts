// The media library's query string (the bad-query walk reads its names from here).
import { z } from "zod";
import { hasNoControlCharacters, isCalendarDay } from "~/platform/query-values";

/** A day as `YYYY-MM-DD` that exists on the calendar (query-values.ts); anything else is no bound (""). */
const day = z.string().trim().refine(isCalendarDay).catch("").default("");

/**
 * The library's query: a part of a file's name, alt text, caption or tag, a tag, which files (used, unused, all), of which kind
 * (images, other files), who uploaded them (an account's id; `unknown`: files found in the store
 * without an uploader), uploaded from and to which day (UTC, both included), and the screen.
 */
export const libraryQuerySchema = z.object({
  q: z.string().trim().max(200).refine(hasNoControlCharacters).catch("").default(""),
  used: z.enum(["all", "used", "unused"]).catch("all").default("all"),
  type: z.enum(["all", "images", "other"]).catch("all").default("all"),
  uploader: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{1,100}$/)
    .catch("")
    .default(""),
  /** A tag the file has (the file's page gives them). */
  tag: z.string().trim().toLowerCase().max(40).refine(hasNoControlCharacters).catch("").default(""),
  from: day,
  to: day,
  page: z.coerce.number().int().min(1).max(100_000).catch(1).default(1),
});

export type LibraryQuery = z.infer<typeof libraryQuerySchema>;

/** Files on one screen of the library. */
export const LIBRARY_PAGE_SIZE = 48;
