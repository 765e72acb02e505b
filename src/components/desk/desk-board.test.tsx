import type { DeskItem } from "../../lib/desk/desk-item";
import { doneWith } from "./desk-board";

jest.mock("gatsby");

const item = (agreement: DeskItem["agreement"]) => ({ reference: "SR-20261201-ABC123", agreement }) as DeskItem;

describe("what the desk says once a report's delivery is recorded", () => {
  it("says no agreement is kept when the client never signed one", () => {
    const said = doneWith("delivered", item(null));
    expect(said).toMatch(/^Recorded: the report was delivered today\. The client has not signed the agreement/);
    expect(said).not.toMatch(/kept 5 years|years count/);
  });

  it("leaves the signed agreement's words to the action's own line", () => {
    const signed = { by: "Robin Reader", at: "2026-11-20", version: "2026-11", keptUntil: "2031-12-01" };
    expect(doneWith("delivered", item(signed))).toBeUndefined();
    expect(doneWith("confirm", item(null))).toBeUndefined();
  });
});
