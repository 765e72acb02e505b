/** GET /api/availability/<YYYY-MM>: the open start times of a month for a job (src/lib/server/booking/availability-endpoint.ts). */
import { availabilityHandler } from "../../lib/server/booking/availability-endpoint";

export default availabilityHandler;
