/**
 * `npm run mail`: the e-mails the site kept instead of sending (no SMTP_URL), to read and use as a visitor
 * would, with `npm start` running or not; links open at this machine's server (src/serve/served-address.ts).
 *   npm run mail            the kept e-mails, newest last, numbered (or /_mail on `npm start`)
 *   npm run mail -- 3       e-mail 3 whole (`-- last` for the newest)
 *   npm run mail -- 3 --save <folder>   also as a .eml file a mail program opens, with its invite as .ics
 */
import "../../src/serve/webpack-imports";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { rawMessage } from "../../src/lib/server/mail/mailer";
import { withDatabase } from "../../src/serve/database-access";
import { keptMail, keptMessage, linksOf, missingNumbers } from "../../src/serve/local-mail";
import { servedAddress } from "../../src/serve/served-address";

const { positionals, values } = parseArgs({ allowPositionals: true, options: { save: { type: "string" } } });

async function main() {
  await withDatabase(async (db) => {
    const kept = await keptMail(db);
    const [which] = positionals;
    if (!which) {
      if (!kept.length) console.log("No e-mail kept yet. (With SMTP_URL set, e-mails are sent, not kept.)");
      kept.forEach((state) =>
        console.log(`${String(state.number).padStart(3)}  ${state.createdAt}  to ${state.to}\n     ${state.subject}`),
      );
      const missing = missingNumbers(kept);
      if (missing) console.log(`\n${missing}`);
      if (kept.length) console.log("\nnpm run mail -- <number> shows one whole.");
      return;
    }
    const state = which === "last" ? kept.at(-1) : kept.find((each) => each.number === Number(which));
    if (!state) throw new Error(`There is no kept e-mail ${which}; npm run mail lists them.`);
    const mail = await keptMessage(db, state);
    console.log(`From: ${mail.from}\nTo: ${mail.to}\nSubject: ${mail.subject}\n\n${mail.text}`);
    // The links point at SITE_URL, the live site; the same page of this machine's server opens
    // them here, at the address that server recorded as it started.
    for (const { local: here } of linksOf(mail.text, servedAddress())) {
      if (here) console.log(`\n[On this machine (npm start): ${here}]`);
    }
    if (mail.calendar)
      console.log(`\n[Attached: an invitation, ${mail.calendar.length} bytes; --save <folder> writes it]`);
    for (const file of mail.attachments ?? []) {
      console.log(
        `\n[Attached: ${file.filename}, ${Buffer.from(file.base64, "base64").length} bytes; --save <folder> writes it]`,
      );
    }
    if (values.save) {
      mkdirSync(values.save, { recursive: true });
      const base = path.join(values.save, `${state.reference}-${state.message}`);
      writeFileSync(`${base}.eml`, await rawMessage(mail.from, mail));
      if (mail.calendar) writeFileSync(`${base}.ics`, mail.calendar);
      for (const file of mail.attachments ?? []) {
        writeFileSync(path.join(values.save, file.filename), Buffer.from(file.base64, "base64"));
      }
      const saved = [
        `${base}.eml`,
        ...(mail.calendar ? [`${base}.ics`] : []),
        ...(mail.attachments ?? []).map((file) => path.join(values.save!, file.filename)),
      ];
      console.log(`\nSaved ${saved.join(", ")}`);
    }
  });
}

main().catch((error: unknown) => {
  console.error((error as Error).message);
  process.exit(1);
});
