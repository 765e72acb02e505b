/** GET /api/calendar/<secret>.ics: the owner's private feed of bookings (src/lib/server/owner-calendar.ts). */
import { ownerCalendarHandler } from "../../lib/server/owner-calendar";

export default ownerCalendarHandler;
