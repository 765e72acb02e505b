/**
 * The e-mails the site kept instead of sending (no SMTP_URL: `npm start` on one machine), so the
 * confirmation, its link and the invite can be read and used as a visitor would:
 *
 *   npm run mail            the kept e-mails, newest last, numbered
 *   npm run mail -- 3       e-mail 3 whole (`-- last` for the newest)
 *   npm run mail -- 3 --save <folder>   also writes it as a .eml file a mail program opens,
 *                                       with its invitation as a .ics file
 *
 * Works while `npm start` runs (through its database) or when it is stopped.
 */
import "./lib/webpack-imports";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { deliveryStates, storedMail } from "../src/lib/server/db/deliveries";
import { withDatabase } from "./lib/database-access";

const { positionals, values } = parseArgs({ allowPositionals: true, options: { save: { type: "string" } } });

/** A message as RFC 5322 text, for a mail program (plain text, the invite attached). */
function emlOf(mail: { from: string; to: string; subject: string; text: string; calendar?: string }): string {
  const boundary = "site-mail-boundary";
  const head = [`From: ${mail.from}`, `To: ${mail.to}`, `Subject: ${mail.subject}`, "MIME-Version: 1.0"];
  if (!mail.calendar) return [...head, "Content-Type: text/plain; charset=utf-8", "", mail.text].join("\r\n");
  return [
    ...head,
    `Content-Type: multipart/mixed; boundary="${boundary}"`,
    "",
    `--${boundary}`,
    "Content-Type: text/plain; charset=utf-8",
    "",
    mail.text,
    `--${boundary}`,
    'Content-Type: text/calendar; charset=utf-8; method=PUBLISH; name="invite.ics"',
    'Content-Disposition: attachment; filename="invite.ics"',
    "",
    mail.calendar,
    `--${boundary}--`,
  ].join("\r\n");
}

async function main() {
  await withDatabase(async (db) => {
    const kept = (await deliveryStates(db, new Date().toISOString())).filter((state) => state.transport === "local");
    const [which] = positionals;
    if (!which) {
      if (!kept.length) console.log("No e-mail kept yet. (With SMTP_URL set, e-mails are sent, not kept.)");
      kept.forEach((state, index) =>
        console.log(`${String(index + 1).padStart(3)}  ${state.createdAt}  to ${state.to}\n     ${state.subject}`),
      );
      if (kept.length) console.log("\nnpm run mail -- <number> shows one whole.");
      return;
    }
    const state = which === "last" ? kept.at(-1) : kept[Number(which) - 1];
    if (!state) throw new Error(`There is no kept e-mail ${which}; npm run mail lists them.`);
    const mail = (await storedMail(db, state.reference, state.message))!;
    console.log(`From: ${mail.from}\nTo: ${mail.to}\nSubject: ${mail.subject}\n\n${mail.text}`);
    // The links point at SITE_URL, the live site; the same page of this machine's server opens them here.
    const local = `http://127.0.0.1:${process.env.PORT ?? 9000}`;
    for (const link of mail.text.match(/https?:\/\/\S+\/(?:booking|privacy\/data)\?token=\S+/g) ?? []) {
      const url = new URL(link);
      console.log(`\n[On this machine (npm start): ${local}${url.pathname}${url.search}]`);
    }
    if (mail.calendar)
      console.log(`\n[Attached: an invitation, ${mail.calendar.length} bytes; --save <folder> writes it]`);
    if (values.save) {
      mkdirSync(values.save, { recursive: true });
      const base = path.join(values.save, `${state.reference}-${state.message}`);
      writeFileSync(`${base}.eml`, emlOf(mail));
      if (mail.calendar) writeFileSync(`${base}.ics`, mail.calendar);
      console.log(`\nSaved ${base}.eml${mail.calendar ? ` and ${base}.ics` : ""}`);
    }
  });
}

main().catch((error: unknown) => {
  console.error((error as Error).message);
  process.exit(1);
});
