/** /api/booking: cancel or move a booking with the link from its confirmation (src/lib/server/booking/manage-booking.ts). */
import { manageBookingHandler } from "../lib/server/booking/manage-booking";
import { functionConfig } from "../lib/server/http/read-body";

export default manageBookingHandler;

/** No built-in body parsing (read-body.ts says why it is declared this way). */
export const { config } = { config: functionConfig };
