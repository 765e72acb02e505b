/** GET /api/calendar/<secret>.ics: the owner's private feed of bookings (src/features/booking/server/owner-calendar.ts). */
import { ownerCalendarHandler } from "../../features/booking/server/owner-calendar";

export default ownerCalendarHandler;
