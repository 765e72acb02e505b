/** /api/reminders: the periodic pass (lapsed holds, desk secrets, reminders), for the Netlify scheduled function (src/passes/periodic-pass.ts). */
import { periodicPassHandler } from "../passes/periodic-pass";
import { functionConfig } from "../lib/server/http/read-body";

export default periodicPassHandler;

/** No built-in body parsing (read-body.ts says why it is declared this way). */
export const { config } = { config: functionConfig };
