// The catalogue imports these three pages from here.
export { contactKeys } from "./contact";
export { faqKeys } from "./faq";
export { securityKeys } from "./security";
