/**
 * `npm run bench:load` (after a build): 5,000 mixed requests, 32 at a time, against the production server
 * (tests/support/load-mix.ts), watching the resident memory of the server and its functions' process, which
 * must stay flat since each function bundle is loaded once. A benchmark: `npm test` sends 200 for their answers.
 *
 *   tsx scripts/bench/load-bench.ts [--total 5000]
 */
import { parseArgs } from "node:util";
import { startFunctionServer } from "../../tests/support/function-server";
import { runLoadMix, treeRssMb } from "../../tests/support/load-mix";
import { openStartsOf } from "../../tests/support/start-dispenser";
import { SAMPLE_JOB } from "../../tests/support/sample-requests";

/**
 * Measured on two cores: about 275 MB after warm-up and 35 to 41 MB of growth over 4,000 requests
 * (garbage the collector has not yet returned). 100 MB (25 KB a request) tells that apart from a
 * bundle reloaded per request (28 GB over the same span).
 */
const RSS_LIMIT_MB = 450;
const GROWTH_LIMIT_MB = 100;

async function main() {
  const { values } = parseArgs({ options: { total: { type: "string", default: "5000" } } });
  const total = Number(values.total);
  const server = await startFunctionServer({ RATE_LIMIT_MAX: "20" });
  try {
    const samples: number[] = [];
    const sampler = setInterval(() => samples.push(treeRssMb(server.pid)), 200);
    let warmUpMb = 0;
    const started = process.hrtime.bigint();
    const [start] = await openStartsOf(server.url, SAMPLE_JOB);
    const result = await runLoadMix(server.port, {
      total,
      inFlight: 32,
      start: start!,
      onProgress: (i) => {
        if (i === Math.floor(total / 5)) warmUpMb = treeRssMb(server.pid);
      },
    });
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    clearInterval(sampler);
    const endMb = treeRssMb(server.pid);
    const peakMb = Math.max(...samples, endMb);
    console.log(
      `${total} requests in ${seconds.toFixed(1)} s (${Math.round(total / seconds)}/s); server tree RSS after warm-up ` +
        `${warmUpMb.toFixed(0)} MB, end ${endMb.toFixed(0)} MB, peak ${peakMb.toFixed(0)} MB; statuses ${JSON.stringify(result.statuses)}`,
    );
    const problems = [
      ...result.unexpected,
      ...(result.slowStatuses.every((status) => status === 408) ? [] : [`slow bodies: ${result.slowStatuses}`]),
      ...(result.servingAfter ? [] : ["the server stopped serving pages"]),
      ...(peakMb < RSS_LIMIT_MB ? [] : [`peak memory ${peakMb.toFixed(0)} MB, over ${RSS_LIMIT_MB}`]),
      ...(endMb - warmUpMb < GROWTH_LIMIT_MB ? [] : [`memory grew ${(endMb - warmUpMb).toFixed(0)} MB`]),
    ];
    if (problems.length) {
      console.error(`Problems:\n  ${problems.join("\n  ")}`);
      process.exitCode = 1;
    }
  } finally {
    await server.stop();
  }
}

void main();
