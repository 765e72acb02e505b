/** GET /api/availability/<YYYY-MM>: the open start times of a month for a job (src/lib/server/availability-endpoint.ts). */
import { availabilityHandler } from "../../lib/server/availability-endpoint";

export default availabilityHandler;
