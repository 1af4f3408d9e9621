-- The menus a fresh site starts with. A migration runs once, so items an administrator
-- later deletes do not come back on restart.
INSERT INTO "menu_items" ("display_name", "url", "menu_type", "sort_order", "section_name", "is_active") VALUES
  ('Features', '/features', 'header', 1, 'default_header_features', true),
  ('Fees', '/fees', 'header', 2, 'default_header_fees', true),
  ('Business', '/business', 'header', 3, 'default_header_business', true),
  ('FAQ', '/faq', 'header', 4, 'default_header_faq', true),
  ('Contact', '/contact', 'header', 5, 'default_header_contact', true),
  ('Home', '/home', 'footer', 1, 'default_footer_home', true),
  ('Features', '/features', 'footer', 2, 'default_footer_features', true),
  ('Fees', '/fees', 'footer', 3, 'default_footer_fees', true),
  ('Business', '/business', 'footer', 4, 'default_footer_business', true),
  ('FAQ', '/faq', 'footer', 5, 'default_footer_faq', true),
  ('Contact', '/contact', 'footer', 6, 'default_footer_contact', true);
