/** A head script's readable source, bundled and minified into one string (scripts/support/head-scripts.js). */
declare module "*?head-script" {
  const source: string;
  export default source;
}
