/** GET /api/calendar/<secret>.ics: the owner's private feed of bookings (src/lib/server/booking/owner-calendar.ts). */
import { ownerCalendarHandler } from "../../lib/server/booking/owner-calendar";

export default ownerCalendarHandler;
