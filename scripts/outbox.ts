/**
 * Prints the requests in the outbox, newest last: `npm run outbox` (or `npm run outbox -- --json`
 * for the raw lines). Reads OUTBOX_DIR, default .data/outbox.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

const dir = path.resolve(process.env.OUTBOX_DIR ?? ".data/outbox");
const raw = process.argv.includes("--json");

for (const kind of ["schedule-requests", "contact-messages"]) {
  const file = path.join(dir, `${kind}.jsonl`);
  const lines = existsSync(file) ? readFileSync(file, "utf8").split("\n").filter(Boolean) : [];
  console.log(`\n${kind} (${lines.length}) in ${file}`);
  for (const line of lines) {
    if (raw) {
      console.log(line);
      continue;
    }
    const record = JSON.parse(line) as {
      reference: string;
      receivedAt: string;
      request?: { name: string; phone: string; email: string; city: string; firstDate: string };
      message?: { name: string; email: string; topic: string };
      quote?: { total: number };
    };
    const who = record.request ?? record.message!;
    const what = record.request
      ? `${record.request.city}, first choice ${record.request.firstDate}, estimate $${record.quote?.total}`
      : `topic ${record.message!.topic}`;
    console.log(`  ${record.reference}  ${record.receivedAt}  ${who.name} <${who.email}>  ${what}`);
  }
}
