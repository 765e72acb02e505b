import { AmbiguousLinkKeys, linkKeys, linkKeysProblem, linkKeysSettingError } from "./link-keys";

const KEY = "kS3n0M7rQ2vX9pL4wT6yB1cF8hJ5dG0a";
const OLD = "Zm9yLXRoZS1yb3RhdGlvbi10ZXN0LW9ubHk=";

describe("BOOKING_LINK_SECRET has one reading", () => {
  it("reads keys separated by any run of spaces, tabs or newlines, the first signing", () => {
    expect(linkKeys(`  ${KEY}\n\t${OLD} `).map(({ key }) => key)).toEqual([KEY, OLD]);
    expect(linkKeysProblem(KEY)).toBeNull();
    expect(linkKeysProblem("0123456789abcdef0123456789abcdef")).toBeNull();
  });

  it.each([
    [`${KEY},${OLD}`, /a key holds ",": separate keys with spaces/],
    [`"${KEY}"`, /a key holds """/],
    ["correct horse battery staple", /key 1 of 4 has 7 characters, fewer than 16 \(spaces separate keys/],
    [`${KEY} ${KEY}`, /a key is given twice/],
    ["   ", /it holds no key/],
  ])("refuses %j, saying why", (setting, why) => {
    expect(linkKeysProblem(setting)).toMatch(why);
    expect(() => linkKeys(setting)).toThrow(AmbiguousLinkKeys);
  });

  it("refuses an environment whose setting is ambiguous, and leaves an unset one to the local stand-in", () => {
    expect(linkKeysSettingError({ BOOKING_LINK_SECRET: `${KEY}, ${OLD}` })?.message).toMatch(
      /^BOOKING_LINK_SECRET cannot be read: a key holds ","/,
    );
    expect(linkKeysSettingError({})).toBeNull();
    expect(linkKeysSettingError({ BOOKING_LINK_SECRET: KEY })).toBeNull();
  });
});
