/** @jest-environment node */
import { startProductionServer } from "./serve";
import { withoutTrailingSlashes } from "./static-files";

describe("withoutTrailingSlashes", () => {
  it("removes only the slashes at the end", () => {
    expect(withoutTrailingSlashes("/about///")).toBe("/about");
    expect(withoutTrailingSlashes("/")).toBe("/");
    expect(withoutTrailingSlashes("//")).toBe("/");
    expect(withoutTrailingSlashes("/a//b")).toBe("/a//b");
  });

  it("takes time linear in the address: a million slashes before one letter", () => {
    // The old pattern /\/+$/ backtracked from every slash of a run that does not reach the end:
    // about 10^12 steps here, which never finishes; a linear scan takes a millisecond.
    const address = `/${"/".repeat(1_000_000)}x/`;
    expect(withoutTrailingSlashes(address)).toBe(address.slice(0, -1));
  });
});

describe("startProductionServer", () => {
  it("refuses to start on link keys that could be read two ways, before it listens", async () => {
    const start = startProductionServer({
      port: 0,
      host: "127.0.0.1",
      siteRoot: "/nonexistent",
      env: { BOOKING_LINK_SECRET: "first-key-of-the-site,second-key-of-the-site" },
    });
    await expect(start).rejects.toThrow(/^BOOKING_LINK_SECRET cannot be read: a key holds ","/);
  });
});
