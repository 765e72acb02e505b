/** /api/pay: the "pay now" link of a booking, answered with Stripe's Checkout page (src/lib/server/payments/checkout.ts). */
import { checkoutHandler } from "../lib/server/payments/checkout";

export default checkoutHandler;
