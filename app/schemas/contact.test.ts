import { describe, expect, it } from "vitest";
import { CONTACT_SUBJECTS } from "~/content/contact-form";
import { contactFieldErrors } from "./contact";

const valid = { name: "Ada", email: "ada@example.com", subject: "Technical Support", message: "Hello" };

describe("contact form schema", () => {
  it("offers the five subjects of SPEC §5", () => {
    expect(CONTACT_SUBJECTS).toEqual([
      "General Inquiry",
      "Technical Support",
      "Account Issues",
      "Payment Problems",
      "Feature Request",
    ]);
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
});
