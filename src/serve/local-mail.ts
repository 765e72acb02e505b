/**
 * The e-mails the site keeps instead of sending (no SMTP_URL: `npm start` on one machine), read
 * as a visitor would read them: `npm run mail` in a terminal, and /_mail on the local server
 * (src/serve/serve.ts), whose pages show each e-mail with its links opening on this machine.
 */
import { deliveryStates, storedMail, type DeliveryState } from "../lib/server/mail/deliveries";
import type { Queryable } from "../lib/server/db/database";
import type { MailMessage } from "../lib/server/mail/mailer";
import { escapeHtml } from "../lib/text/html-escape";
import { siteUrlOf } from "../lib/seo/site-url";

/**
 * Whether a request for /_mail named this machine as its Host: 127.0.0.1, localhost or [::1], on
 * the port it came in on. A page of another site that the visitor's browser was made to reach
 * here (DNS rebinding: attacker.example resolved to 127.0.0.1) still sends its own name, so it
 * can read no kept e-mail; and the links of a page are written with a name that is known to
 * reach this machine.
 */
export function isLoopbackHost(host: string | undefined, port: number): boolean {
  if (host === undefined) return false;
  return [`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`].includes(host.toLowerCase());
}

/**
 * What a /_mail address asks for: the list, an e-mail by its number, or a file of it. An address
 * that cannot be one (an escape that decodes to no text, more segments) is `malformed` (400); a
 * number that is none is `unknown` (404), as an e-mail not kept is.
 */
export function keptMailAddress(rawPath: string): { number?: number; file?: string } | "malformed" | "unknown" {
  const [, , number, file, ...rest] = rawPath.split("/");
  if (rest.length) return "unknown";
  if (number === undefined) return {};
  if (!/^[1-9]\d{0,8}$/.test(number)) return "unknown";
  if (file === undefined) return { number: Number(number) };
  try {
    return { number: Number(number), file: decodeURIComponent(file) };
  } catch {
    return "malformed";
  }
}

/** The kept e-mails, oldest first, each with its own number (never reused after a deletion). */
export async function keptMail(db: Queryable): Promise<DeliveryState[]> {
  return (await deliveryStates(db, new Date().toISOString())).filter((state) => state.transport === "local");
}

/**
 * Why numbers are missing from the kept e-mails, or null when none is: "10 to 41" and the reasons.
 * An e-mail's number never changes. The server closes its database as it stops, so a restart
 * skips none; a server killed or a machine gone down leaves the database to be recovered, and
 * PostgreSQL then skips the numbers it had set aside ahead (up to 32).
 */
export function missingNumbers(kept: readonly Pick<DeliveryState, "number">[]): string | null {
  const numbers = kept.map((state) => state.number).sort((a, b) => a - b);
  const gaps = numbers.flatMap((number, index) => {
    const before = index ? numbers[index - 1]! : 0;
    if (number - before <= 1) return [];
    return [number - before === 2 ? `${before + 1}` : `${before + 1} to ${number - 1}`];
  });
  if (!gaps.length) return null;
  return `No e-mail has the number${gaps.length > 1 || gaps[0]!.includes(" to ") ? "s" : ""} ${gaps.join(", ")}: e-mails are deleted when their time is up (the privacy notice says when), and a server that stopped without closing its database (killed, or the machine went down) skips the numbers it had set aside.`;
}

export async function keptMessage(db: Queryable, state: DeliveryState) {
  return (await storedMail(db, state.reference, state.message))!;
}

/**
 * The links of an e-mail, as they point (at SITE_URL, the live site) and as this machine's
 * server opens them: the same path and query on `localOrigin`.
 */
export function linksOf(text: string, localOrigin: string): Array<{ sent: string; local: string | null }> {
  return (text.match(LINK) ?? []).map((sent) => ({ sent, local: localLink(sent, localOrigin) }));
}

const LINK = /(https?:\/\/[^\s<>"]+)/g;

/** The address on this machine of a link to the live site; null for a link elsewhere. */
function localLink(sent: string, localOrigin: string): string | null {
  const url = new URL(sent);
  return url.origin === new URL(siteUrlOf(process.env)).origin ? `${localOrigin}${url.pathname}${url.search}` : null;
}

const page = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)}</title><style>body{font-family:system-ui,sans-serif;max-width:48rem;margin:1rem auto;padding:0 1rem;overflow-wrap:anywhere}pre{white-space:pre-wrap;overflow-wrap:anywhere}</style></head><body><main>${body}</main></body></html>`;

/** /_mail: the kept e-mails, newest first, each a link to its page. */
export function mailListPage(kept: DeliveryState[]): string {
  const items = [...kept]
    .reverse()
    .map(
      (state) =>
        `<li><a href="/_mail/${state.number}">${state.number}. ${escapeHtml(state.subject)}</a><br>to ${escapeHtml(state.to)}, ${escapeHtml(state.createdAt)}</li>`,
    )
    .join("");
  const missing = missingNumbers(kept);
  return page(
    "Kept e-mail",
    `<h1>Kept e-mail</h1><p>Without SMTP_URL the site sends no e-mail: it keeps each one here, on this machine only, so its links can be used as a visitor would. Newest first.</p>${
      kept.length ? `<ul>${items}</ul>` : "<p>No e-mail kept yet.</p>"
    }${missing ? `<p>${escapeHtml(missing)}</p>` : ""}`,
  );
}

/** A file of a kept e-mail, as /_mail/<n>/<name> serves it: the invitation or an attachment. */
export function keptFile(mail: MailMessage, name: string): { body: string | Buffer; contentType: string } | null {
  if (name === "invite.ics" && mail.calendar)
    return { body: mail.calendar, contentType: "text/calendar; charset=utf-8" };
  const file = mail.attachments?.find((attachment) => attachment.filename === name);
  return file ? { body: Buffer.from(file.base64, "base64"), contentType: file.contentType } : null;
}

/** /_mail/<n>: one e-mail as sent, its links opening on this machine, its invitation and files. */
export function mailPage(number: number, mail: MailMessage & { from: string }, localOrigin: string): string {
  // split() with a capturing pattern puts each link at an odd index.
  const body = mail.text
    .split(LINK)
    .map((piece, index) =>
      index % 2
        ? `<a href="${escapeHtml(localLink(piece, localOrigin) ?? piece)}">${escapeHtml(piece)}</a>`
        : escapeHtml(piece),
    )
    .join("");
  const files = [
    ...(mail.calendar ? [{ name: "invite.ics", bytes: mail.calendar.length }] : []),
    ...(mail.attachments ?? []).map((file) => ({
      name: file.filename,
      bytes: Buffer.from(file.base64, "base64").length,
    })),
  ];
  const invite = files.length
    ? `<h2>Attached</h2><ul>${files
        .map(
          ({ name, bytes }) =>
            `<li><a href="/_mail/${number}/${encodeURIComponent(name)}">${escapeHtml(name)}</a> (${bytes} bytes)</li>`,
        )
        .join("")}</ul>`
    : "";
  return page(
    mail.subject,
    `<p><a href="/_mail">All kept e-mail</a></p><h1>${escapeHtml(mail.subject)}</h1><dl><dt>From</dt><dd>${escapeHtml(mail.from)}</dd><dt>To</dt><dd>${escapeHtml(mail.to)}</dd></dl><pre>${body}</pre>${invite}`,
  );
}
