/** The free-port finder of the production server, for the test servers started from here. */
export { freePort } from "../../src/serve/net";
