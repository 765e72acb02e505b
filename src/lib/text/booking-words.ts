/**
 * Every sentence that tells a visitor how to book, in the two ways the owner can run bookings
 * (availability.yaml's bookingOnline): a time booked online, held at once and theirs once confirmed from its
 * e-mail, or a request for two dates the office answers. Pages take these words from here with the owner's
 * choice from the site's data (no price tables in a content page's download), so the site says one thing.
 */
const online = {
  /** The call to action at the foot of a page. */
  invitation:
    "Get an instant estimate and book a time that is still open: it is held for you at once. Or call, and we arrange it with you.",
  /** The card beside long copy. */
  card: "See an itemized estimate, then book an open time.",
  /** The schedule page's introduction. */
  scheduleIntro:
    "Choose your inspection and any tests, tell us about the property, see an itemized estimate, and book a time that is still open: it is held for you at once, and yours when you confirm it from our e-mail.",
  scheduleDescription:
    "Get an instant estimate for a Maryland home, commercial or new construction inspection with radon, water, septic and other tests, and book an open time.",
};

const byRequest: typeof online = {
  invitation: "Get an instant estimate and pick two dates that suit you, or call and we will arrange it with you.",
  card: "See an itemized estimate before you send the request.",
  scheduleIntro:
    "Choose your inspection and any tests, tell us about the property and two dates that suit you, and see an itemized estimate before you send the request.",
  scheduleDescription:
    "Get an instant estimate for a Maryland home, commercial or new construction inspection with radon, water, septic and other tests, and request your dates.",
};

/** The words for the way the owner runs bookings: `useSiteInfo().bookingOnline` on a page. */
export const bookingWords = (bookingOnline: boolean) => (bookingOnline ? online : byRequest);
