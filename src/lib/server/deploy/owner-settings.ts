/**
 * Every setting the owner gives the live site, once: its name, whether the site needs it, what it is for and
 * what happens without it, in the owner's words, and how a value is checked. The build's warning,
 * `npm run check:settings`, the desk's page on a deploy without them and docs/deploy.md (checked by a test) all
 * read it from here. A value is never repeated back: most of these hold a password or a key.
 */
import { linkKeysProblem, MIN_KEY_LENGTH } from "../http/link-keys";

export interface OwnerSetting {
  name: string;
  /** The site takes no booking, message or data request without it. */
  required: boolean;
  /** What it is, as a short phrase that follows "a" or "the" in a sentence. */
  what: string;
  /** What happens when it is not set. */
  without: string;
  /** What a good value looks like. */
  example: string;
  /**
   * Why a value cannot be used, in plain words, or null; `env` for a setting that depends on
   * another, `live` when the settings are the live site's (a test key is then wrong).
   */
  problem?: (value: string, env: NodeJS.ProcessEnv, live: boolean) => string | null;
}

/** A URL with one of these schemes and a host, or why not. */
function addressProblem(value: string, schemes: readonly string[], example: string): string | null {
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    return `it is not an address. Copy it whole from your provider; it looks like ${example}`;
  }
  const wanted = schemes.map((scheme) => `${scheme}://`).join(" or ");
  // "smtp.example.com:587" parses with "smtp.example.com:" as its scheme: say what is missing, not that.
  if (!value.includes("://")) return `it should start with ${wanted} (${example})`;
  if (!schemes.includes(url.protocol.replace(/:$/, ""))) {
    return `it starts with "${url.protocol}//", and it should start with ${wanted} (${example})`;
  }
  if (!url.hostname) return `it names no server after "//" (${example})`;
  return null;
}

const DATABASE_EXAMPLE = "postgres://user:password@host.example.com/dbname";
const databaseProblem = (value: string) => addressProblem(value, ["postgres", "postgresql"], DATABASE_EXAMPLE);

/** An e-mail address alone, or a name and the address in angle brackets. */
const MAILBOX = /^(?:[^<>@\s]+@[^<>@\s]+\.[^<>@\s]+|[^<>]*<[^<>@\s]+@[^<>@\s]+\.[^<>@\s]+>)$/;
const mailboxProblem = (value: string) =>
  MAILBOX.test(value.trim()) ? null : "it is not an e-mail address: write name@example.com, or Name <name@example.com>";

/** The largest report taken (in MB) where REPORTS_MAX_MB is not set (report/server/report-store.ts reads it). */
export const DEFAULT_REPORTS_MAX_MB = 100;

export const OWNER_SETTINGS: readonly OwnerSetting[] = [
  {
    name: "DATABASE_URL",
    required: true,
    what: "database that keeps the bookings, requests and messages",
    without: "nothing can be stored: every booking, message and data request is refused, and the desk cannot open",
    example: DATABASE_EXAMPLE,
    problem: databaseProblem,
  },
  {
    name: "SMTP_URL",
    required: true,
    what: "mail server that sends every e-mail, from confirmations to the desk's sign-in links",
    without: "no e-mail can be sent, so the site takes no booking or message, and nobody can sign in to the desk",
    example: "smtp://user:password@smtp.example.com:587",
    problem: (value) => addressProblem(value, ["smtp", "smtps"], "smtp://user:password@smtp.example.com:587"),
  },
  {
    name: "BOOKING_LINK_SECRET",
    required: true,
    what: "secret key that signs the links in the e-mails, so nobody can make one up",
    without: "no link can be signed, so the site takes no booking or message",
    example: "a random key from `openssl rand -base64 32`",
    problem: (value) => {
      const problem = linkKeysProblem(value);
      return problem && `${problem}. Make a new key with \`openssl rand -base64 32\` and paste it whole`;
    },
  },
  {
    name: "CALENDAR_FEED_SECRET",
    required: false,
    what: "second secret key: the private address of your calendar feed of bookings",
    without: "there is no calendar feed; everything else works",
    example: "a random key from `openssl rand -hex 32`",
    // The key is the last part of the feed's address: a "/" would split it, a space or "?" end it.
    problem: (value) =>
      /^[A-Za-z0-9_.+=-]+$/.test(value.trim()) && value.trim().length >= MIN_KEY_LENGTH
        ? null
        : `it must be at least ${MIN_KEY_LENGTH} letters and digits, with no "/", space or "?" (it becomes part of an address). Make one with \`openssl rand -hex 32\``,
  },
  {
    name: "MAIL_FROM",
    required: false,
    what: "sender shown on every e-mail the site sends",
    without: "e-mails come from the business name and e-mail in content/site.yaml",
    example: "Severn Ridge Home Inspections <office@example.com>",
    problem: mailboxProblem,
  },
  {
    name: "MAIL_TO",
    required: false,
    what: "mailbox that receives the requests and messages",
    without: "requests and messages go to the e-mail in content/site.yaml",
    example: "office@example.com",
    problem: mailboxProblem,
  },
  {
    name: "PREVIEW_DATABASE_URL",
    required: false,
    what: "separate database for deploy previews, only if you want to try bookings on them",
    without: "deploy previews take no bookings or messages (they say they are a preview)",
    example: DATABASE_EXAMPLE,
    problem: (value, env) =>
      databaseProblem(value) ??
      (value.trim() === env.DATABASE_URL?.trim()
        ? "it is the same database as DATABASE_URL: previews must never write into the live site's records. Give them a database of their own, or leave this out"
        : null),
  },
  {
    name: "DATABASE_POOL_MAX",
    required: false,
    what: "number of database connections each running function may hold",
    without: "2 on Netlify, which suits most database plans",
    example: "2",
    problem: (value) => (/^[1-9]\d{0,3}$/.test(value.trim()) ? null : "it must be a whole number such as 2"),
  },
  {
    name: "GITHUB_OAUTH_CLIENT_ID",
    required: false,
    what: "client ID of the GitHub app writers sign in with to edit the live site (docs/editor.md)",
    without: "nobody can edit on the live site; editing on your own machine still works",
    example: "the Client ID GitHub shows on the app's page",
    problem: (value, env) => editorSetTogether("GITHUB_OAUTH_CLIENT_ID", env) ?? (value.trim() ? null : "it is empty"),
  },
  {
    name: "GITHUB_OAUTH_CLIENT_SECRET",
    required: false,
    what: "client secret of that GitHub app",
    without: "nobody can edit on the live site",
    example: "the secret GitHub shows once, when you generate it",
    problem: (_value, env) => editorSetTogether("GITHUB_OAUTH_CLIENT_SECRET", env),
  },
  {
    name: "EDITOR_REPO",
    required: false,
    what: "repository the editor saves to, as owner/name",
    without: "nobody can edit on the live site",
    example: "severn-ridge/website",
    problem: (value, env) =>
      editorSetTogether("EDITOR_REPO", env) ??
      (/^[\w.-]+\/[\w.-]+$/.test(value.trim())
        ? null
        : "it must be the repository's owner and name with one / between, like severn-ridge/website"),
  },
  {
    name: "STRIPE_SECRET_KEY",
    required: false,
    what: "secret key of your Stripe account, with which clients pay online (docs/deploy.md, Payments)",
    without:
      'clients are not asked to pay online: the site says "pay at the inspection", and the desk records what you take on site',
    example: "sk_live_ followed by the rest of the key Stripe shows",
    problem: (value, env, live) =>
      stripeKeyProblem(value.trim(), live) ?? paymentsSetTogether("STRIPE_SECRET_KEY", env),
  },
  {
    name: "STRIPE_WEBHOOK_SECRET",
    required: false,
    what: "signing secret of the webhook endpoint you add in Stripe for /api/stripe-webhook, so only Stripe can say a booking is paid",
    without: "no payment can be confirmed, so clients are not asked to pay online",
    example: "whsec_ followed by the rest of the secret Stripe shows",
    problem: (value, env) =>
      (/^whsec_\w+$/.test(value.trim())
        ? null
        : /^(sk|rk|pk)_/.test(value.trim())
          ? "it is one of Stripe's API keys, not the webhook endpoint's signing secret, which starts whsec_ (Developers → Webhooks → your endpoint → Signing secret)"
          : "it must be the endpoint's signing secret, starting whsec_") ??
      paymentsSetTogether("STRIPE_WEBHOOK_SECRET", env),
  },
  {
    name: "REPORTS_S3_BUCKET",
    required: false,
    what: "bucket that keeps the inspection reports (AWS S3, Cloudflare R2 or Backblaze B2; docs/deploy.md gives its CORS rule)",
    without:
      "on Netlify the desk cannot take a report and says how to switch reports on; on one machine reports are kept in the data folder",
    example: "severn-ridge-reports",
    problem: (value, env) =>
      reportsSetTogether("REPORTS_S3_BUCKET", env) ??
      (/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(value.trim())
        ? null
        : "it must be the bucket's name alone: lower-case letters, digits, dots and dashes"),
  },
  {
    name: "REPORTS_S3_ENDPOINT",
    required: false,
    what: "address of the bucket's S3 service",
    without: "AWS S3 in REPORTS_S3_REGION is used",
    example: "https://<account id>.r2.cloudflarestorage.com",
    problem: (value) => addressProblem(value, ["https", "http"], "https://s3.us-east-1.amazonaws.com"),
  },
  {
    name: "REPORTS_S3_REGION",
    required: false,
    what: "region of the bucket",
    without: "us-east-1 (R2 takes auto)",
    example: "us-east-1",
    problem: (value) =>
      /^[a-z0-9-]{2,30}$/.test(value.trim()) ? null : "it must be a region's code such as us-east-1",
  },
  {
    name: "REPORTS_S3_ACCESS_KEY_ID",
    required: false,
    what: "access key ID of a key that may read, write and delete in that bucket only",
    without: "reports are not switched on",
    example: "the key ID your storage provider shows when you make the key",
    problem: (_value, env) => reportsSetTogether("REPORTS_S3_ACCESS_KEY_ID", env),
  },
  {
    name: "REPORTS_S3_SECRET_ACCESS_KEY",
    required: false,
    what: "secret of that access key",
    without: "reports are not switched on",
    example: "the secret your storage provider shows once, when you make the key",
    problem: (_value, env) => reportsSetTogether("REPORTS_S3_SECRET_ACCESS_KEY", env),
  },
  {
    name: "REPORTS_MAX_MB",
    required: false,
    what: "largest inspection report the desk takes, in megabytes (a larger one is refused when it is attached)",
    without: `reports up to ${DEFAULT_REPORTS_MAX_MB} MB are taken, twice the size of a report with many photos`,
    example: "100",
    // 5 GB is the most one upload to S3 may be.
    problem: (value) =>
      /^[1-9]\d{0,3}$/.test(value.trim()) && Number(value) <= 5000
        ? null
        : "it must be a whole number of megabytes from 1 to 5000, such as 100",
  },
];

/** The report store needs its bucket and both halves of its key, so one set alone is a mistake. */
const REPORTS_SETTINGS = ["REPORTS_S3_BUCKET", "REPORTS_S3_ACCESS_KEY_ID", "REPORTS_S3_SECRET_ACCESS_KEY"] as const;

function reportsSetTogether(name: string, env: NodeJS.ProcessEnv): string | null {
  const absent = REPORTS_SETTINGS.filter((each) => each !== name && !env[each]?.trim());
  return absent.length ? `reports need ${absent.join(" and ")} too: set all three, or none (docs/deploy.md)` : null;
}

/**
 * What kind of Stripe key a secret key's setting holds, before whether its partner is set: a
 * publishable key (pk_, the one web pages may show) or a webhook secret in its place is the wrong
 * kind; a test-mode key on the live site is the wrong mode, since no client's money would move.
 */
function stripeKeyProblem(key: string, live: boolean): string | null {
  if (/^pk_(live|test)_/.test(key)) {
    return "it is a publishable key (it starts pk_), which Stripe lets web pages show; the site needs the secret key, which starts sk_live_ (Stripe's dashboard: Developers → API keys → Secret key)";
  }
  if (/^whsec_/.test(key)) {
    return "it is a webhook's signing secret (it starts whsec_), which belongs in STRIPE_WEBHOOK_SECRET; this setting takes the secret key, which starts sk_live_";
  }
  if (!/^(sk|rk)_(live|test)_\w+$/.test(key)) {
    return "it must be a secret key from Stripe's dashboard, starting sk_live_ (or sk_test_ to try payments on your own computer)";
  }
  if (live && /^(sk|rk)_test_/.test(key)) {
    return "it is a test-mode key (it starts sk_test_ or rk_test_): on the live site clients could pay only with Stripe's test cards, and no money would reach you. Set the live key, which starts sk_live_; the test key is for trying payments on your own computer (docs/deploy.md)";
  }
  return null;
}

/** Online payment needs both of its settings: a key without the webhook's secret could take money it never records. */
function paymentsSetTogether(name: string, env: NodeJS.ProcessEnv): string | null {
  const other = name === "STRIPE_SECRET_KEY" ? "STRIPE_WEBHOOK_SECRET" : "STRIPE_SECRET_KEY";
  return env[other]?.trim() ? null : `payments need ${other} too: set both, or neither (docs/deploy.md)`;
}

const EDITOR_SETTINGS = ["GITHUB_OAUTH_CLIENT_ID", "GITHUB_OAUTH_CLIENT_SECRET", "EDITOR_REPO"] as const;

/** The editor's sign-in needs all three of its settings, so one set alone is a mistake. */
function editorSetTogether(name: string, env: NodeJS.ProcessEnv): string | null {
  const absent = EDITOR_SETTINGS.filter((each) => each !== name && !env[each]?.trim());
  return absent.length ? `the editor needs ${absent.join(" and ")} too: set all three, or none (docs/editor.md)` : null;
}

export const ownerSetting = (name: string): OwnerSetting => {
  const setting = OWNER_SETTINGS.find((each) => each.name === name);
  if (!setting) throw new Error(`No owner setting ${name}`);
  return setting;
};

/** The settings the site cannot take a request without. */
export const REQUIRED_SETTINGS = OWNER_SETTINGS.filter((setting) => setting.required).map((setting) => setting.name);

export interface SettingFinding {
  setting: OwnerSetting;
  state: "missing" | "wrong" | "unset" | "good";
  /** What is wrong with the value, for "wrong". */
  problem?: string;
}

/**
 * Each setting of the list in `env`: required and missing, set but wrong, optional and unset, or
 * good. `live`: the settings are the live site's (`npm run check:settings`, Netlify's production
 * build), where a test key is wrong; a preview's or this machine's may try payments in test mode.
 */
export function findSettings(env: NodeJS.ProcessEnv, { live = true }: { live?: boolean } = {}): SettingFinding[] {
  return OWNER_SETTINGS.map((setting) => {
    const value = env[setting.name];
    if (!value?.trim()) return { setting, state: setting.required ? "missing" : "unset" };
    const problem = setting.problem?.(value, env, live) ?? null;
    return problem ? { setting, state: "wrong", problem } : { setting, state: "good" };
  });
}

/** One finding as the owner reads it: the name, what it is for, and what to do. */
export function findingText({ setting, state, problem }: SettingFinding): string {
  if (state === "missing")
    return `${setting.name} is missing. It is the ${setting.what}. Without it ${setting.without}.`;
  if (state === "wrong") return `${setting.name} is set, but ${problem}. It is the ${setting.what}.`;
  if (state === "unset") return `${setting.name} (optional) is not set: ${setting.without}.`;
  return `${setting.name} is set and written right.`;
}
