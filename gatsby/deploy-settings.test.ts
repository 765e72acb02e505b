/** @jest-environment node */
import { deploySettingsNotice } from "./deploy-settings";

const full = {
  DATABASE_URL: "postgres://db.example.com/site",
  SMTP_URL: "smtp://mail.example.com",
  BOOKING_LINK_SECRET: "kS3n0M7rQ2vX9pL4wT6yB1cF8hJ5dG0a",
};

describe("the build's word on a deploy's settings", () => {
  it("says nothing when every setting is there and right, on Netlify or on this machine", () => {
    expect(deploySettingsNotice(full)).toBeNull();
    expect(deploySettingsNotice({ NETLIFY: "true", CONTEXT: "production", ...full })).toBeNull();
  });

  it("warns in a build on this machine too, as a warning: what the live site will need, and the command that checks it", () => {
    const notice = deploySettingsNotice({});
    expect(notice?.level).toBe("warn");
    expect(notice?.text).toMatch(
      /^This build has no DATABASE_URL \(the database that keeps the bookings.*\), SMTP_URL \(.*\), BOOKING_LINK_SECRET \(.*\)\. That is fine on this machine/,
    );
    expect(notice?.text).toMatch(/`npm run check:settings` before you deploy \(docs\/deploy\.md\)\.$/);
  });

  it("warns of a production deploy without a setting, naming it and what it is for", () => {
    const notice = deploySettingsNotice({ NETLIFY: "true", CONTEXT: "production", ...full, SMTP_URL: "" });
    expect(notice?.level).toBe("warn");
    expect(notice?.text).toMatch(/^The production deploy lacks SMTP_URL \(the mail server that sends every e-mail/);
  });

  it("tells a deploy preview without settings that it will take nothing, naming the preview's own database setting", () => {
    const notice = deploySettingsNotice({
      NETLIFY: "true",
      CONTEXT: "deploy-preview",
      DATABASE_URL: full.DATABASE_URL,
    });
    expect(notice?.level).toBe("info");
    expect(notice?.text).toMatch(
      /^This deploy-preview has no PREVIEW_DATABASE_URL .*, SMTP_URL .*, BOOKING_LINK_SECRET .*: its forms will say it is a preview/,
    );
  });

  it("warns of a setting that is there but wrong, whatever the context, without repeating its value", () => {
    const notice = deploySettingsNotice({ ...full, BOOKING_LINK_SECRET: `${full.BOOKING_LINK_SECRET},another-key` });
    expect(notice?.level).toBe("warn");
    expect(notice?.text).toMatch(/^BOOKING_LINK_SECRET is set, but a key holds ","/);
    const wrongMail = deploySettingsNotice({
      NETLIFY: "true",
      CONTEXT: "production",
      ...full,
      SMTP_URL: "mail.example.com",
    });
    expect(wrongMail?.text).toMatch(/SMTP_URL is set, but it is not an address/);
    expect(wrongMail?.text).not.toContain("mail.example.com");
  });

  it("warns of Stripe's test key on production's build only: this machine and previews try payments with it", () => {
    const stripe = { STRIPE_SECRET_KEY: "sk_test_51abcDEF", STRIPE_WEBHOOK_SECRET: "whsec_abcDEF123" };
    const live = deploySettingsNotice({ NETLIFY: "true", CONTEXT: "production", ...full, ...stripe });
    expect(live?.text).toMatch(/STRIPE_SECRET_KEY is set, but it is a test-mode key/);
    expect(deploySettingsNotice({ ...full, ...stripe })).toBeNull();
    const preview = {
      NETLIFY: "true",
      CONTEXT: "deploy-preview",
      ...full,
      PREVIEW_DATABASE_URL: "postgres://preview.example.com/site",
    };
    expect(deploySettingsNotice({ ...preview, ...stripe })).toBeNull();
  });
});
