/** /api/report-file: reports sent and fetched on one machine without a bucket (src/features/report/server/local-file.ts). */
import { localFileHandler } from "../features/report/server/local-file";
import { functionConfig } from "../lib/server/http/read-body";

export default localFileHandler;

/** No built-in body parsing (read-body.ts says why it is declared this way): the file is streamed to disk. */
export const { config } = { config: functionConfig };
