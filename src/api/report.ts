/** /api/report: the client's inspection report, shown once signed and paid (src/features/report/server/report-page.ts). */
import { reportPageHandler } from "../features/report/server/report-page";
import { functionConfig } from "../lib/server/http/read-body";

export default reportPageHandler;

/** No built-in body parsing (read-body.ts says why it is declared this way). */
export const { config } = { config: functionConfig };
