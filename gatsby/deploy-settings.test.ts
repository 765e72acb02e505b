import { deploySettingsNotice } from "./deploy-settings";

const full = {
  DATABASE_URL: "postgres://db",
  SMTP_URL: "smtp://mail",
  BOOKING_LINK_SECRET: "kS3n0M7rQ2vX9pL4wT6yB1cF8hJ5dG0a",
};

describe("the build's word on a deploy's settings", () => {
  it("says nothing off Netlify, or when every setting is there", () => {
    expect(deploySettingsNotice({})).toBeNull();
    expect(deploySettingsNotice({ NETLIFY: "true", CONTEXT: "production", ...full })).toBeNull();
  });

  it("warns of a production deploy without a setting, naming it", () => {
    const notice = deploySettingsNotice({ NETLIFY: "true", CONTEXT: "production", ...full, SMTP_URL: "" });
    expect(notice?.level).toBe("warn");
    expect(notice?.text).toMatch(/^The production deploy lacks SMTP_URL \(the mail server that carries every e-mail\)/);
  });

  it("tells a deploy preview without settings that it will take nothing, naming the preview's own database setting", () => {
    const notice = deploySettingsNotice({ NETLIFY: "true", CONTEXT: "deploy-preview", DATABASE_URL: "postgres://db" });
    expect(notice?.level).toBe("info");
    expect(notice?.text).toMatch(
      /^This deploy-preview has no PREVIEW_DATABASE_URL .*, SMTP_URL .*, BOOKING_LINK_SECRET .*: its forms will say it is a preview/,
    );
  });

  it("warns of link keys that could be read two ways, whatever the context", () => {
    const notice = deploySettingsNotice({ ...full, BOOKING_LINK_SECRET: `${full.BOOKING_LINK_SECRET},another-key` });
    expect(notice?.level).toBe("warn");
    expect(notice?.text).toMatch(/^BOOKING_LINK_SECRET cannot be read: a key holds ","/);
  });
});
