/**
 * Prints the requests in the outbox, newest last, with the delivery state of each e-mail:
 * `npm run outbox` (or `npm run outbox -- --json` for the stored records). Reads OUTBOX_DIR,
 * default .data/outbox.
 */
import path from "node:path";
import { outboxStatus } from "../src/lib/server/mail/delivery";
import { fileStore } from "../src/lib/server/outbox";

const dir = path.resolve(process.env.OUTBOX_DIR ?? ".data/outbox");
const raw = process.argv.includes("--json");

async function main() {
  const entries = await outboxStatus(fileStore(dir));

  for (const kind of ["schedule-requests", "contact-messages"]) {
    const mine = entries.filter((entry) => entry.kind === kind);
    console.log(`\n${kind} (${mine.length}) in ${path.join(dir, `${kind}.jsonl`)}`);
    for (const { record, messages } of mine) {
      if (raw) {
        console.log(JSON.stringify(record));
        continue;
      }
      const request = record.request as { name: string; email: string; city: string; firstDate: string } | undefined;
      const message = record.message as { name: string; email: string; topic: string } | undefined;
      const quote = record.quote as { total: number } | undefined;
      const who = request ?? message!;
      const what = request
        ? `${request.city}, first choice ${request.firstDate}, estimate $${quote?.total}`
        : `topic ${message!.topic}`;
      const delivery = messages.length
        ? messages
            .map(
              (state) =>
                `${state.message} ${state.state}${state.state === "sent" ? "" : ` (${state.attempts} failed tries${state.lastError ? `: ${state.lastError}` : ""})`}`,
            )
            .join(", ")
        : "no e-mail configured";
      console.log(
        `  ${record.reference}  ${record.receivedAt}  ${who.name} <${who.email}>  ${what}\n      ${delivery}`,
      );
    }
  }
}

void main();
