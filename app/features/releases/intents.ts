/** The release page's write that takes a translated XLIFF file of the release (docs/releases.md). */
export const releaseXliffIntents = { importXliff: "import-release-xliff" } as const;
