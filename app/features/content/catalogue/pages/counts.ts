// How many numbered keys some sections have: shared by the catalogue and the page components
// (kept apart from the key lists so that the pages' JavaScript does not carry every default).
export const FEATURE_CARD_COUNT = 8;
export const CONTROL_POINT_COUNT = 4;
export const BUSINESS_CARD_COUNT = 3;
export const BUSINESS_BENEFIT_COUNT = 8;
export const SECURITY_BADGE_COUNT = 3;
