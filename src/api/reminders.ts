/** /api/reminders: the reminders due before visits, for the Netlify scheduled function (src/lib/server/reminders/reminders.ts). */
import { remindersHandler } from "../lib/server/reminders/reminders";
import { functionConfig } from "../lib/server/http/read-body";

export default remindersHandler;

/** No built-in body parsing (read-body.ts says why it is declared this way). */
export const { config } = { config: functionConfig };
