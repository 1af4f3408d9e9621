/**
 * A link that names a landing page itself (`page:12`) rather than its address: menus, page links
 * and buttons that use it follow the page when its address changes, so a rename breaks none.
 */
export const PAGE_REFERENCE = /^page:(\d{1,9})$/;

export const isPageReference = (url: string) => PAGE_REFERENCE.test(url);

export const pageReference = (id: number) => `page:${id}`;
