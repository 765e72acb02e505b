/**
 * @jest-environment node
 *
 * `npm run check:settings`: each setting missing or written wrong is named with what it is for, in
 * the owner's words, and never repeated back; a whole, good set passes; the exit code says which.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { OWNER_SETTINGS, ownerSetting, REQUIRED_SETTINGS } from "../../src/lib/server/deploy/owner-settings";
import { checkSettings } from "./check-settings";

/** A set as an owner would paste it into Netlify: every setting, each written right. */
const GOOD: Record<string, string> = {
  DATABASE_URL: "postgres://site:pw-Db-4431@ep-quiet-lake-pooler.us-east-2.aws.neon.tech/neondb?sslmode=require",
  SMTP_URL: "smtp://apikey:pw-Mail-8870@smtp.example-mail.com:587",
  BOOKING_LINK_SECRET: "kS3n0M7rQ2vX9pL4wT6yB1cF8hJ5dG0a",
  CALENDAR_FEED_SECRET: "3f9c0a7be2d14c58a6e1f0b9c7d2e4a1",
  MAIL_FROM: "Severn Ridge Home Inspections <office@severnridgeinspections.com>",
  MAIL_TO: "office@severnridgeinspections.com",
  PREVIEW_DATABASE_URL: "postgres://site:pw-Prev-1200@ep-preview-pooler.us-east-2.aws.neon.tech/neondb",
  DATABASE_POOL_MAX: "2",
  GITHUB_OAUTH_CLIENT_ID: "Ov23liExampleClientId",
  GITHUB_OAUTH_CLIENT_SECRET: "pw-github-0d9f8e7c6b5a",
  EDITOR_REPO: "severn-ridge/website",
  STRIPE_SECRET_KEY: "sk_live_51abcDEF",
  STRIPE_WEBHOOK_SECRET: "whsec_abcDEF123",
  REPORTS_S3_BUCKET: "severn-ridge-reports",
  REPORTS_S3_ENDPOINT: "https://s3.us-east-1.amazonaws.com",
  REPORTS_S3_REGION: "us-east-1",
  REPORTS_S3_ACCESS_KEY_ID: "AKIAEXAMPLEKEYID",
  REPORTS_S3_SECRET_ACCESS_KEY: "pw-s3-0a9b8c7d6e5f",
  REPORTS_MAX_MB: "150",
  RATE_LIMIT_MAX: "10",
};

const without = (name: string) => Object.fromEntries(Object.entries(GOOD).filter(([each]) => each !== name));

describe("npm run check:settings", () => {
  it("passes a whole, good set with exit 0, and lists each as written right", () => {
    const { code, text } = checkSettings([], GOOD);
    expect(code).toBe(0);
    expect(text).toMatch(/Every setting the live site needs is there and written right/);
    for (const { name } of OWNER_SETTINGS) expect(text).toContain(`✓ ${name} is set and written right.`);
  });

  it("passes the three needed settings alone, listing the optional ones with what their absence means", () => {
    const needed = Object.fromEntries(REQUIRED_SETTINGS.map((name) => [name, GOOD[name]!]));
    const { code, text } = checkSettings([], needed);
    expect(code).toBe(0);
    expect(text).toContain(
      "- CALENDAR_FEED_SECRET (optional) is not set: there is no calendar feed; everything else works.",
    );
  });

  test.each(REQUIRED_SETTINGS)(
    "names %s when it is missing, with what it is for and what fails without it, exit 1",
    (name) => {
      const { code, text } = checkSettings([], without(name));
      const { what, without: withoutIt } = ownerSetting(name);
      expect(code).toBe(1);
      expect(text).toContain(`✗ ${name} is missing. It is the ${what}. Without it ${withoutIt}.`);
      expect(text).toMatch(/^1 problem: set it right before you deploy\. Where each comes from: docs\/deploy\.md\.$/m);
    },
  );

  /** Each setting written wrong as an owner might, and the words that say what is wrong. */
  const WRONG: Array<[string, string, RegExp]> = [
    [
      "DATABASE_URL",
      "https://console.neon.tech/app/projects/quiet-lake",
      /starts with "https:\/\/", and it should start with postgres:\/\/ or postgresql:\/\//,
    ],
    [
      "DATABASE_URL",
      "ep-quiet-lake-pooler.us-east-2.aws.neon.tech",
      /it is not an address\. Copy it whole from your provider/,
    ],
    ["SMTP_URL", "smtp.example-mail.com:587", /should start with smtp:\/\/ or smtps:\/\//],
    ["SMTP_URL", "apikey:pw-Mail-8870@smtp.example-mail.com", /it is not an address|should start with smtp:\/\//],
    [
      "BOOKING_LINK_SECRET",
      "my secret phrase for links",
      /fewer than 16 \(spaces separate keys, so a phrase is read as several short ones\)/,
    ],
    ["BOOKING_LINK_SECRET", "kS3n0M7rQ2vX9pL4wT6y,B1cF8hJ5dG0akS3n0M", /a key holds ","/],
    [
      "CALENDAR_FEED_SECRET",
      "3f9c0a7b/e2d14c58a6e1f0b9c7d2e4a1",
      /no "\/", space or "\?" \(it becomes part of an address\)/,
    ],
    [
      "MAIL_FROM",
      "Severn Ridge Home Inspections",
      /it is not an e-mail address: write name@example\.com, or Name <name@example\.com>/,
    ],
    ["MAIL_TO", "office@", /it is not an e-mail address/],
    [
      "PREVIEW_DATABASE_URL",
      GOOD.DATABASE_URL!,
      /it is the same database as DATABASE_URL: previews must never write into the live site's records/,
    ],
    ["DATABASE_POOL_MAX", "two", /it must be a whole number such as 2/],
    ["EDITOR_REPO", "severnridge-site", /owner and name with one \/ between/],
    ["STRIPE_SECRET_KEY", "mk_live_51abcDEF", /it must be a secret key from Stripe's dashboard, starting sk_live_/],
    [
      "STRIPE_SECRET_KEY",
      "pk_live_51abcDEF",
      /it is a publishable key \(it starts pk_\), .* the secret key, which starts sk_live_/,
    ],
    ["STRIPE_SECRET_KEY", "whsec_abcDEF123", /it is a webhook's signing secret .* belongs in STRIPE_WEBHOOK_SECRET/],
    ["STRIPE_SECRET_KEY", "sk_test_51abcDEF", /it is a test-mode key .* no money would reach you. Set the live key/],
    ["STRIPE_WEBHOOK_SECRET", "we_1abcDEF", /it must be the endpoint's signing secret, starting whsec_/],
    ["REPORTS_MAX_MB", "100MB", /it must be a whole number of megabytes from 1 to 5000, such as 100/],
    ["REPORTS_MAX_MB", "9000", /it must be a whole number of megabytes from 1 to 5000, such as 100/],
    [
      "STRIPE_WEBHOOK_SECRET",
      "sk_live_51abcDEF",
      /it is one of Stripe's API keys, not the webhook endpoint's signing secret/,
    ],
  ];

  test.each(WRONG)(
    "says what is wrong with %s = %j in plain words, without repeating the value",
    (name, value, words) => {
      const { code, text } = checkSettings([], { ...GOOD, [name]: value });
      expect(code).toBe(1);
      const line = text.split("\n").find((each) => each.includes(`✗ ${name} is set, but`));
      expect(line).toMatch(words);
      expect(line).toContain(`It is the ${ownerSetting(name).what}.`);
      if (name !== "PREVIEW_DATABASE_URL") expect(text).not.toContain(value);
    },
  );

  it("says the editor's settings go together: one alone is wrong", () => {
    const { code, text } = checkSettings([], { ...without("GITHUB_OAUTH_CLIENT_SECRET"), EDITOR_REPO: "" });
    expect(code).toBe(1);
    expect(text).toContain(
      "✗ GITHUB_OAUTH_CLIENT_ID is set, but the editor needs GITHUB_OAUTH_CLIENT_SECRET and EDITOR_REPO too: set all three, or none (docs/editor.md).",
    );
  });

  it("says payments need both of Stripe's settings: a key alone could take money it never records", () => {
    const { code, text } = checkSettings([], without("STRIPE_WEBHOOK_SECRET"));
    expect(code).toBe(1);
    expect(text).toContain(
      "✗ STRIPE_SECRET_KEY is set, but payments need STRIPE_WEBHOOK_SECRET too: set both, or neither (docs/deploy.md).",
    );
  });

  it("names a publishable key given as the secret by its kind, before asking for the webhook's secret", () => {
    const { code, text } = checkSettings([], {
      ...without("STRIPE_WEBHOOK_SECRET"),
      STRIPE_SECRET_KEY: "pk_live_51abcDEF",
    });
    expect(code).toBe(1);
    const line = text.split("\n").find((each) => each.includes("✗ STRIPE_SECRET_KEY is set, but"))!;
    expect(line).toMatch(/it is a publishable key/);
    expect(line).not.toMatch(/payments need STRIPE_WEBHOOK_SECRET too/);
  });

  it("checks a limit as the server reads it", () => {
    const { code, text } = checkSettings([], { ...GOOD, RATE_LIMIT_MAX: "ten" });
    expect(code).toBe(1);
    expect(text).toContain('✗ RATE_LIMIT_MAX must be a positive number, not "ten": it is a limit of the site');
  });

  describe("--env-file", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "check-settings-"));
    const file = (name: string, settings: Record<string, string>) => {
      const at = path.join(dir, name);
      writeFileSync(
        at,
        Object.entries(settings)
          .map(([key, value]) => `${key}=${value}\n`)
          .join(""),
      );
      return at;
    };

    it("reads the file alone: a value in this shell's environment does not hide one the file lacks", () => {
      const at = file("production.env", without("SMTP_URL"));
      const { code, text } = checkSettings(["--env-file", at], GOOD);
      expect(code).toBe(1);
      expect(text).toMatch(new RegExp(`^Checking the live site's settings in ${at} \\(the environment is not read`));
      expect(text).toContain("✗ SMTP_URL is missing.");
    });

    it("says so when the file cannot be read (exit 2)", () => {
      expect(checkSettings(["--env-file", path.join(dir, "nowhere.env")], {})).toEqual({
        code: 2,
        text: `Cannot read ${path.join(dir, "nowhere.env")}: ENOENT.`,
      });
    });

    it("is what `npm run check:settings -- --env-file <file>` runs: exit 0 for a good file, 1 for one missing a setting", () => {
      const root = path.resolve(__dirname, "..", "..");
      const run = (at: string) =>
        spawnSync(process.execPath, ["--import", "tsx", "scripts/commands/check-settings.ts", "--env-file", at], {
          cwd: root,
          encoding: "utf8",
        });
      const good = run(file("good.env", GOOD));
      expect(good.status).toBe(0);
      expect(good.stdout).toMatch(/Every setting the live site needs is there and written right/);
      const lacking = run(file("lacking.env", without("BOOKING_LINK_SECRET")));
      expect(lacking.status).toBe(1);
      expect(lacking.stderr).toContain("✗ BOOKING_LINK_SECRET is missing. It is the secret key that signs the links");
    });
  });
});
