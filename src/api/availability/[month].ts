/** GET /api/availability/<YYYY-MM>: the open start times of a month for a job (src/features/booking/server/availability-endpoint.ts). */
import { availabilityHandler } from "../../features/booking/server/availability-endpoint";

export default availabilityHandler;
