import source from "./tracker.head?head-script";

/** The tracking script's minified text (readable source: tracker.head.ts), served as /visit.js. */
export const TRACKER_SCRIPT: string = source;
