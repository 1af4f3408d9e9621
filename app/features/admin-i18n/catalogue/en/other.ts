import type { Catalogue } from "../shape";

/** The 'Other' tab in English. */
export const other = {
  placeholderTitle: "Other settings",
  placeholder: "More settings will appear here later.",
  sectionsLabel: "Sections of the “Other” tab",
  sections: {
    activity: "Activity log",
    team: "Team",
    messages: "Messages",
    backups: "Backups",
    releases: "Releases",
    statistics: "Statistics",
    pages: "Pages",
    redirects: "Redirects",
    seo: "Page SEO",
    edge: "CDN cache",
    locales: "Languages",
    archive: "Archive",
    media: "Media library",
  },
} satisfies Catalogue["other"];
