import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { storeOnce, type StoredRequest } from "./outbox";

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "outbox-test-"));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

/** Stores one request whose confirmation goes to `to`; says how many that mailbox already had today. */
async function confirmTo(to: string, reference: string): Promise<number> {
  let counted = -1;
  await storeOnce(dir, "contact-messages", undefined, to, (confirmationsToday) => {
    counted = confirmationsToday;
    const record: StoredRequest = {
      type: "contact",
      reference,
      receivedAt: new Date().toISOString(),
      mail: {
        from: "site@example.com",
        business: { to: "b@example.com", subject: "s", text: "t" },
        confirmation: { to, subject: "s", text: "t" },
      },
    };
    return record;
  });
  return counted;
}

it("counts the confirmations of a day per mailbox, whatever spelling of the address reached it", async () => {
  const spellings = ["victim+1@gmail.com", "Vic.Tim@gmail.com", "v.i.c.t.i.m@googlemail.com", "VICTIM+2@GMAIL.COM"];
  const counts = [];
  for (const [i, spelling] of spellings.entries()) counts.push(await confirmTo(spelling, `MSG-${i}`));
  expect(counts).toEqual([0, 1, 2, 3]);
  // Another mailbox at another provider, where dots count, has its own count.
  expect(await confirmTo("vic.tim@example.com", "MSG-4")).toBe(0);
  expect(await confirmTo("victim@example.com", "MSG-5")).toBe(0);
});
