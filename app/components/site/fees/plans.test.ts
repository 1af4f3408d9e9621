import { describe, expect, it } from "vitest";
import { defaultsFor } from "~/features/content/catalogue/catalogue";
import { buildPlans } from "./plans";

describe("plans", () => {
  it("builds both plans from the fees content, Business marked popular", () => {
    const [personal, business] = buildPlans(defaultsFor("fees"));
    expect(personal).toMatchObject({ id: "personal", name: "Personal", price: "Free", isPopular: false });
    expect(business).toMatchObject({ id: "business", name: "Business", price: "€17.00", period: "/month", isPopular: true });
  });

  it("lists numbered features in numeric order, then the transfers feature", () => {
    const [personal] = buildPlans({
      personal_feature_10: "Ten: 10",
      personal_feature_2: "Two: 2",
      personal_feature_1: "One: 1",
      personal_feature_transfers: "Outgoing SEPA transfer: €1.50",
      personal_feature_3: "  ",
    });
    expect(personal!.features.map((feature) => feature.name)).toEqual(["One", "Two", "Ten", "Outgoing SEPA transfer"]);
  });
});
