/**
 * @jest-environment node
 *
 * The live site's settings have one list, and the owner's deploy guide follows it: a setting added
 * to the list and not to docs/deploy.md fails here.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { findSettings, OWNER_SETTINGS, REQUIRED_SETTINGS } from "./owner-settings";

const root = path.resolve(__dirname, "..", "..", "..", "..");
const guide = readFileSync(path.join(root, "docs", "deploy.md"), "utf8");

describe("the live site's settings", () => {
  test.each(OWNER_SETTINGS.map(({ name, what, without }) => [name, what, without]))(
    "docs/deploy.md names %s, what it is and what happens without it",
    (name, what, without) => {
      const row = guide.split("\n").find((line) => line.startsWith(`| \`${name}\``));
      expect(row).toBeDefined();
      expect(row).toContain(`the ${what}`);
      expect(row).toContain(without);
    },
  );

  it("are the three the site cannot take a request without, and the README points to the guide", () => {
    expect(REQUIRED_SETTINGS).toEqual(["DATABASE_URL", "SMTP_URL", "BOOKING_LINK_SECRET"]);
    expect(readFileSync(path.join(root, "README.md"), "utf8")).toContain("[docs/deploy.md](docs/deploy.md)");
  });

  it("tell a blank value from a set one, and a required setting from an optional one", () => {
    const states = Object.fromEntries(
      findSettings({ DATABASE_URL: "  ", MAIL_TO: "" }).map(({ setting, state }) => [setting.name, state]),
    );
    expect(states.DATABASE_URL).toBe("missing");
    expect(states.MAIL_TO).toBe("unset");
  });
});
