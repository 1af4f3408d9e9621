import { key, type ContentKey } from "~/features/content/catalogue/types";

/**
 * Keys of the contact page. The company block (name, registration number, e-mail, address,
 * phone) comes from the global contact settings; the map shows `contact_address`.
 */
export const contactKeys: ContentKey[] = [
  key("hero_badge", "Contact"),
  key("hero_title", "Get in touch"),
  key("hero_subtitle", "Questions about your account or our services? We are here to help."),
  key("company_title", "Company details"),
  key("form_title", "Send us a message"),
  key("form_description", "Fill in the form and our team will reply within one business day."),
  key("form_name_label", "Name"),
  key("form_email_label", "Email"),
  key("form_subject_label", "Subject"),
  key("form_subject_placeholder", "Select a subject"),
  key("form_message_label", "Message"),
  key("form_submit", "Send Message"),
  key("form_sending", "Sending..."),
  key("hours_title", "Business hours"),
  key("hours_weekdays", "Mon - Fri: 9:00 AM - 6:00 PM"),
  key("hours_support", "24/7 Support Available"),
  key("map_title", "Our office"),
];
