import { expect, test } from "../support/fixtures";
import { expectNoAxeViolations } from "../support/axe";

// The check every accessibility test relies on: it must fail, naming each element, on a page
// that breaks the rules, and pass the same page once it is fixed. axe processes only the
// violations in full (support/axe.ts), so this proves that nothing it reports is lost.
test.describe("[A11Y] the axe check itself", () => {
  test("fails on missing alternative text, a nameless button and low contrast, naming each element; passes once they are fixed", async ({
    page,
  }) => {
    const document = (fixed: boolean) => `<!doctype html><html lang="en"><head><title>Check</title></head><body><main>
      <h1>Check</h1>
      <img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" ${fixed ? 'alt="A dot"' : ""} id="picture">
      <button id="nameless">${fixed ? "Send" : ""}</button>
      <p id="faint" style="color:${fixed ? "#333" : "#ccc"};background:#fff">Faint text</p>
    </main></body></html>`;
    await page.setContent(document(false));
    const failure = await expectNoAxeViolations(page, "the broken page").then(
      () => "",
      (error: Error) => error.message,
    );
    expect(failure).toContain("accessibility violations on the broken page");
    expect(failure).toMatch(/image-alt \(critical\) at #picture/);
    expect(failure).toMatch(/button-name \(critical\) at #nameless/);
    expect(failure).toMatch(/color-contrast \(serious\) at #faint/);
    await page.setContent(document(true));
    await expectNoAxeViolations(page, "the fixed page");
  });
});
