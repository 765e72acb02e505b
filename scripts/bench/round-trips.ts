/**
 * `npm run bench:round-trips`: what each request costs where the database is across a network, as
 * on Netlify. The production server talks to a real PostgreSQL server through a proxy on loopback
 * that adds 20 ms to every round trip (tests/support/latency-proxy.ts), and counts them: a month's
 * open times, a booking, and the desk's days (with three reports awaiting release), each the median of
 * five, warm (the pool's connections made). The figures go into docs/quality.md by hand.
 */
import "../../src/serve/webpack-imports";
import { startFunctionServer } from "../../tests/support/function-server";
import { startPostgres } from "../../tests/support/postgres-server";
import { startLatencyProxy } from "../../tests/support/latency-proxy";
import { startMailbox } from "../../tests/support/mailbox";
import { desk, DESK_SECRETS, deskGet, signIn, visitors } from "../../tests/support/desk-client";
import { moveVisitStart } from "../../tests/support/stored-booking";
import { withDatabase } from "../../src/serve/database-access";
import { marylandToday } from "../../src/lib/maryland-time/maryland-today";
import { getJson, startDispenser } from "../../tests/support/start-dispenser";
import { jobQuery, SHORT_JOB } from "../../tests/support/sample-requests";
import { settingsEnv } from "../../src/lib/server/runtime/settings";

const ROUND_TRIP_MS = 20;
const RUNS = 5;

const DAY_MS = 24 * 60 * 60 * 1000;
const PDF = Buffer.concat([Buffer.from("%PDF-1.7\n"), Buffer.alloc(4096, 0x20), Buffer.from("\n%%EOF\n")]);

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function main() {
  const postgres = await startPostgres();
  const proxy = await startLatencyProxy(postgres.url, ROUND_TRIP_MS / 2);
  const mailbox = await startMailbox();
  const env = {
    ...DESK_SECRETS,
    DATABASE_URL: proxy.url,
    // The periodic pass keeps off the database while a request is measured.
    ...settingsEnv({ deliveryPassMs: 3_600_000 }),
  };
  // One server sends its e-mails before it answers, as on Netlify; the other keeps them (no
  // SMTP_URL), so that a booking's own round trips are counted apart from its e-mails'.
  const server = await startFunctionServer({ ...env, SMTP_URL: mailbox.url });
  const keeping = await startFunctionServer(env);
  const { book } = visitors("trips");
  try {
    const nextStart = await startDispenser(server.url, SHORT_JOB, 60);
    const cookie = await signIn(server.url, mailbox);
    const month = nextStart().slice(0, 7);
    const measured = async (what: string, run: () => Promise<unknown>) => {
      await run();
      const trips: number[] = [];
      const times: number[] = [];
      for (let i = 0; i < RUNS; i += 1) {
        proxy.reset();
        const started = performance.now();
        await run();
        times.push(performance.now() - started);
        trips.push(proxy.sent());
      }
      console.log(`| ${what} | ${median(trips)} | ${median(times).toFixed(0)} ms |`);
    };
    console.log(`\nPostgreSQL ${ROUND_TRIP_MS} ms away; ${new Date().toISOString()}\n`);
    console.log("| request | round trips | time |\n| --- | ---: | ---: |");
    await measured("a month's open times (GET /api/availability)", async () => {
      const answer = await getJson(`${server.url}/api/availability/${month}?${jobQuery(SHORT_JOB)}`);
      if (answer.status !== 200) throw new Error(`availability answered ${answer.status}`);
    });
    for (const [what, url] of [
      ["a booking, its e-mails kept (POST /api/schedule)", keeping.url],
      ["a booking, its e-mails sent before the answer", server.url],
    ] as const) {
      await measured(what, async () => {
        const answer = await book(url, nextStart());
        if (answer.status !== 201) throw new Error(`booking answered ${answer.status}: ${answer.body}`);
      });
    }
    const day = nextStart().slice(0, 10);
    await measured("the desk's day (GET /api/desk/days)", async () => {
      const answer = await deskGet(server.url, `days?from=${day}&days=1`, cookie);
      if (answer.status !== 200) throw new Error(`the desk's day answered ${answer.status}`);
    });
    // Three confirmed visits begun on the last three days, each with its report uploaded and held
    // back (the agreement unsigned): what the desk shows of each report reads what it still waits for.
    for (let i = 0; i < 3; i += 1) {
      const answer = await book(server.url, nextStart());
      const { reference } = JSON.parse(answer.body) as { reference: string };
      if ((await desk(server.url, "confirm", { reference }, cookie)).status !== 200) throw new Error("confirm refused");
      await withDatabase((db) => moveVisitStart(db, reference, new Date(Date.now() - 5 * 60_000 - i * DAY_MS)), {
        ...process.env,
        DATABASE_URL: postgres.url,
      });
      const link = JSON.parse((await desk(server.url, "report-upload-link", { reference }, cookie)).body) as {
        key: string;
        url: string;
      };
      const put = await fetch(`${server.url}${link.url}`, {
        method: "PUT",
        body: new Uint8Array(PDF),
        headers: { "Content-Type": "application/pdf" },
      });
      if (!put.ok) throw new Error(`the report's upload answered ${put.status}`);
      if ((await desk(server.url, "report-attach", { reference, key: link.key }, cookie)).status !== 200) {
        throw new Error("the report was not attached");
      }
    }
    const from = marylandToday(new Date(Date.now() - 3 * DAY_MS));
    await measured("the desk's last four days, three reports held back", async () => {
      const answer = await deskGet(server.url, `days?from=${from}&days=4`, cookie);
      if (answer.status !== 200) throw new Error(`the desk's days answered ${answer.status}`);
      const reports = (JSON.parse(answer.body) as { items: Array<{ report: { withheld: string[] } | null }> }).items
        .map((item) => item.report)
        .filter((report) => report?.withheld.includes("sign"));
      if (reports.length !== 3) throw new Error(`the desk showed ${reports.length} reports held back, not 3`);
    });
  } finally {
    await keeping.stop();
    await server.stop();
    await mailbox.stop();
    await proxy.stop();
    await postgres.stop();
  }
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
