/** /api/pay: the "pay now" link of a booking, answered with Stripe's Checkout page (src/features/payments/server/checkout.ts). */
import { checkoutHandler } from "../features/payments/server/checkout";

export default checkoutHandler;
