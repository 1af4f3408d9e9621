import { describe, expect, it } from "vitest";
import { CONTACT_SUBJECTS } from "~/features/content/catalogue/contact-form";
import { contactFieldErrors, countLinks, parseContactMessage } from "./schema";

const valid = { name: "Ada", email: "ada@example.com", subject: "Technical Support", message: "Hello" };

describe("contact form schema", () => {
  it("offers the five subjects", () => {
    expect(CONTACT_SUBJECTS).toEqual(["General Inquiry", "Technical Support", "Account Issues", "Payment Problems", "Feature Request"]);
  });

  it("accepts a complete message", () => {
    expect(contactFieldErrors(valid)).toBeNull();
  });

  it("names each missing or wrong field", () => {
    expect(contactFieldErrors({ name: "  ", email: "not-an-address", subject: "Other", message: "" })).toEqual({
      name: "Please enter your name",
      email: "Please enter a valid email address",
      subject: "Please choose a subject",
      message: "Please enter a message",
    });
    expect(contactFieldErrors({ ...valid, message: "x".repeat(5001) })).toEqual({ message: "Message too long" });
  });

  it("counts links and refuses a fourth", () => {
    expect(countLinks("see https://a.example, http://b.example and www.c.example; not a.example")).toBe(3);
    expect(contactFieldErrors({ ...valid, message: "https://a.example https://b.example https://c.example" })).toBeNull();
    expect(
      contactFieldErrors({ ...valid, name: "www.spam.example", message: "https://a.example https://b.example https://c.example" }),
    ).toEqual({
      message: "Please include at most 3 links",
    });
  });

  it("limits the e-mail address to 254 characters and keeps a plausible language only", () => {
    expect(contactFieldErrors({ ...valid, email: `${"a".repeat(245)}@example.com` })).toEqual({ email: "Email too long" });
    const parsed = (language: unknown) => {
      const result = parseContactMessage({ ...valid, language });
      return result.success ? result.data.language : "refused";
    };
    expect([parsed("en"), parsed("pt-BR"), parsed("<script>"), parsed(undefined)]).toEqual(["en", "pt-BR", undefined, undefined]);
  });
});
