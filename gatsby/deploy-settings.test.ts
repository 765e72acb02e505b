import { deploySettingsNotice } from "./deploy-settings";

const full = { DATABASE_URL: "postgres://db", SMTP_URL: "smtp://mail", BOOKING_LINK_SECRET: "key" };

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

  it("tells a deploy preview without settings that it will take nothing", () => {
    const notice = deploySettingsNotice({ NETLIFY: "true", CONTEXT: "deploy-preview" });
    expect(notice?.level).toBe("info");
    expect(notice?.text).toMatch(/^This deploy-preview has no DATABASE_URL .*, SMTP_URL .*, BOOKING_LINK_SECRET/);
  });
});
