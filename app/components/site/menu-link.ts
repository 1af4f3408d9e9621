/** One item of the header or footer menu as the public pages need it. */
export interface MenuLink {
  id: number;
  label: string;
  url: string;
}
