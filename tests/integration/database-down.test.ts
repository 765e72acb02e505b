/**
 * A deploy with every setting whose database cannot be reached (nothing listens at its address),
 * under the production server: a visitor's message is told in words that nothing was sent and whom to
 * call, with Retry-After; the desk tells the owner in the owner's words, not to call the office.
 */
import { freePort, startFunctionServer, type FunctionServer } from "../support/function-server";
import { contactMessage } from "../support/sample-requests";
import { business } from "../../src/lib/content/business-data";
import { DESK_DATABASE_DOWN } from "../../src/features/desk/server/desk-not-ready";

let server: FunctionServer;

beforeAll(async () => {
  // A port taken and let go again: nothing listens there.
  const nobody = await freePort();
  server = await startFunctionServer({
    DATABASE_URL: `postgres://postgres@127.0.0.1:${nobody}/postgres`,
    BOOKING_LINK_SECRET: "database-down-test-key",
  });
});
afterAll(() => server?.stop());

const answerOf = async (response: Response) => ({
  status: response.status,
  retryAfter: response.headers.get("retry-after"),
  body: await response.text(),
});

it("tells a visitor that nothing was sent and gives the number to call", async () => {
  const answer = await answerOf(
    await fetch(`${server.url}/api/contact`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(contactMessage()),
    }),
  );
  expect(answer).toEqual({
    status: 503,
    retryAfter: "30",
    body: `We could not save your request just now. Nothing was sent. Please try again in a few minutes or call us at ${business.phone}.`,
  });
});

it("tells the owner on the desk, reading or changing, in the owner's words", async () => {
  const read = await answerOf(await fetch(`${server.url}/api/desk/session`));
  const change = await answerOf(
    await fetch(`${server.url}/api/desk/link`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email: "office@severnridgeinspections.com" }),
    }),
  );
  for (const answer of [read, change]) {
    expect(answer).toEqual({ status: 503, retryAfter: "30", body: DESK_DATABASE_DOWN });
    expect(answer.body).not.toContain(business.phone);
  }
});
