/** @jest-environment node */
import { readFileSync } from "node:fs";
import path from "node:path";
import { parse } from "node-html-parser";
import { readSiteContent } from "./content-files";
import { identityEmails } from "./identity-emails";

const root = path.resolve(__dirname, "..", "..");
const { name: siteName } = readSiteContent(path.join(root, "content"));
const emails = identityEmails(siteName);

/** The hash the widget served at /admin acts on, read from the widget's own build. */
const widgetSource = readFileSync(
  path.join(root, "node_modules", "netlify-identity-widget", "build", "netlify-identity-widget.js"),
  "utf8",
);
const widgetTokenPattern = new RegExp(/\/\((confirmation\|invite[^)]*)\)_token=/.exec(widgetSource)![1]!);

/** A template as Netlify sends it: its Go template variables filled in. */
const sent = (html: string) =>
  html
    .replace(/\{\{ \.SiteURL \}\}/g, "https://www.example.com")
    .replace(/\{\{ \.Token \}\}/g, "tok3n")
    .replace(/\{\{ \.Email \}\}/g, "writer@example.com")
    .replace(/\{\{ \.NewEmail \}\}/g, "new@example.com");

describe("the Identity e-mail templates", () => {
  test("there is one for each e-mail Netlify Identity sends, and the widget knows each token", () => {
    expect(emails.map((email) => email.file)).toEqual([
      "invitation.html",
      "confirmation.html",
      "recovery.html",
      "email-change.html",
    ]);
    expect(emails.map((email) => email.tokenName)).toEqual([
      "invite_token",
      "confirmation_token",
      "recovery_token",
      "email_change_token",
    ]);
    for (const { tokenName } of emails) expect(tokenName).toMatch(new RegExp(`^(${widgetTokenPattern.source})_token$`));
  });

  test.each(emails)("$file links to /admin/ with its own token, never to a visitor page", ({ html, tokenName }) => {
    const links = parse(html).querySelectorAll("a");
    expect(links.map((link) => link.getAttribute("href"))).toEqual([`{{ .SiteURL }}/admin/#${tokenName}={{ .Token }}`]);

    const url = new URL(parse(sent(html)).querySelector("a")!.getAttribute("href")!);
    expect(url.origin).toBe("https://www.example.com");
    expect(url.pathname).toBe("/admin/");
    expect(url.hash).toBe(`#${tokenName}=tok3n`);
  });

  test.each(emails)("$file uses only the variables Netlify fills in and names the business", ({ html, file }) => {
    const variables = new Set([...html.matchAll(/\{\{\s*\.(\w+)\s*\}\}/g)].map((match) => match[1]!));
    const allowed = new Set(["SiteURL", "Token", "Email", ...(file === "email-change.html" ? ["NewEmail"] : [])]);
    expect([...variables].filter((name) => !allowed.has(name))).toEqual([]);
    // Every brace pair is a variable Netlify knows: nothing is left for the recipient to see.
    expect(sent(html)).not.toMatch(/\{\{|\}\}/);
    expect(parse(html).querySelector("h2")?.text).toContain(siteName);
  });

  test("the site's name is written as text, not markup", () => {
    const invitation = identityEmails('Smith & Sons <"Inspections">')[0]!;
    expect(parse(invitation.html).querySelector("h2")?.text).toBe(
      'You are invited to edit the Smith & Sons <"Inspections"> website',
    );
  });
});
