/**
 * Where this machine's server (`npm start`, `npm run serve`) serves the site: `--port`, else PORT, else 9000.
 * The server records the address it listens at in its data folder as it starts, so a command (`npm run mail`)
 * opens an e-mail's links where the site really is without being told the port; the last address stays there
 * once the server stops. Before any server has run there, the default.
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { dataDir } from "../lib/server/db/database";

/** The port the server listens at unless `--port` says otherwise. */
export const defaultPort = (env: NodeJS.ProcessEnv = process.env) => env.PORT ?? "9000";

const recordIn = (env: NodeJS.ProcessEnv) => path.join(dataDir(env), "served-at");

/**
 * Called by the server once it listens at `url`. A data folder that cannot be written takes the
 * site down no further than the database it holds, which answers 503 on its own: the pages are
 * still served, and the commands print links at the default address.
 */
export function recordServedAddress(url: string, env: NodeJS.ProcessEnv = process.env): void {
  try {
    mkdirSync(dataDir(env), { recursive: true });
    writeFileSync(recordIn(env), `${url}\n`);
  } catch (error) {
    console.warn(`[serve] the address could not be noted in ${recordIn(env)}: ${(error as Error).message}`);
  }
}

/** The origin this machine's server serves the site at, as it last recorded it. */
export function servedAddress(env: NodeJS.ProcessEnv = process.env): string {
  try {
    return readFileSync(recordIn(env), "utf8").trim();
  } catch (error) {
    if (!["ENOENT", "ENOTDIR"].includes((error as NodeJS.ErrnoException).code ?? "")) throw error;
    return `http://127.0.0.1:${defaultPort(env)}`;
  }
}
