/** /api/booking: cancel or move a booking with the link from its confirmation (src/features/booking/server/manage-booking.ts). */
import { manageBookingHandler } from "../features/booking/server/manage-booking";
import { functionConfig } from "../lib/server/http/read-body";

export default manageBookingHandler;

/** No built-in body parsing (read-body.ts says why it is declared this way). */
export const { config } = { config: functionConfig };
