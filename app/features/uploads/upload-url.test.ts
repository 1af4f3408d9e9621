import { describe, expect, it } from "vitest";
import { srcSetAddress, storedUploadPath, uploadAddress } from "./upload-url";

describe("addresses of uploaded images", () => {
  it("are the site's paths without S3_PUBLIC_URL", () => {
    expect(uploadAddress("/uploads/logo_1.png", undefined)).toBe("/uploads/logo_1.png");
    expect(srcSetAddress("/uploads/a-w320.webp 320w, /uploads/a-w640.webp 640w", undefined)).toBe(
      "/uploads/a-w320.webp 320w, /uploads/a-w640.webp 640w",
    );
  });

  it("point at S3_PUBLIC_URL with it, srcset included; other images stay as they are", () => {
    const base = "https://cdn.example.com/site";
    expect(uploadAddress("/uploads/logo_1.png", base)).toBe("https://cdn.example.com/site/uploads/logo_1.png");
    expect(uploadAddress("/favicon.png", base)).toBe("/favicon.png");
    expect(uploadAddress("https://elsewhere.example.com/a.png", base)).toBe("https://elsewhere.example.com/a.png");
    expect(uploadAddress(undefined, base)).toBeUndefined();
    expect(srcSetAddress("/uploads/a-w320.webp 320w, /uploads/a-w640.webp 640w", base)).toBe(
      "https://cdn.example.com/site/uploads/a-w320.webp 320w, https://cdn.example.com/site/uploads/a-w640.webp 640w",
    );
    expect(storedUploadPath("https://cdn.example.com/site/uploads/logo_1.png", base)).toBe("/uploads/logo_1.png");
    expect(storedUploadPath("/uploads/logo_1.png", base)).toBe("/uploads/logo_1.png");
  });
});
