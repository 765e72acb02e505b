/**
 * The booking feature's public entry for its server layer: what other features may import from
 * booking/server/, and all they may (eslint.config.mjs holds it). A feature's own files import
 * each other directly.
 */
export { BOOKING_CHANGES, recordChange } from "./booking-changes";
export { visitorEvent } from "./booking-invite";
export {
  agentPageLink,
  checkBookingToken,
  checkPurposeToken,
  clientManageLink,
  deskLink,
  linkSecret,
  manageLink,
  payLink,
  purposeToken,
  reportLink,
  signingLink,
  siteUrl,
} from "./booking-links";
export {
  NEVER_HELD,
  agentSeesAnyBooking,
  agentsSendingWork,
  bookingsAgentSees,
  bookingsBetween,
  bookingsOf,
  bookingsRead,
  bookingsWithAgentSight,
  busyBetween,
  endAgentSight,
  expireIfLapsed,
  expireLapsedOverlapping,
  findBooking,
  forgetBookingAgent,
  insertBooking,
  markReportDelivered,
  moveBooking,
  setStatus,
  standingOf,
} from "./booking-queries";
export type { Booking, BookingRow, BookingStatus } from "./booking-queries";
export {
  book,
  bookingPlan,
  changedMeanwhile,
  holdInspector,
  inspectorDays,
  jobOf,
  lengthOf,
  startFor,
  unlessOverlapping,
} from "./booking";
export type { BookingFacts, OfficeBooking, Refusal } from "./booking";
export { visitorChangeMail } from "./change-emails";
export { referenceOf } from "./manage-booking";
export { signaturesOf } from "./owner-calendar";
export {
  SAME_ADDRESS_NOTE,
  SIGN_BEFORE_VISIT,
  describeServices,
  duration,
  officeNote,
  scheduleEmails,
  visitorMailboxes,
} from "./schedule-emails";
export type { ScheduleRecord } from "./schedule-emails";
