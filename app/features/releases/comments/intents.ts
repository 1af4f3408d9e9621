/** The release comments' writes, posted to a release's page (app/routes/admin.other.releases.$id.tsx). */
export const releaseCommentIntents = {
  add: "comment-release",
  resolve: "resolve-release-thread",
} as const;
