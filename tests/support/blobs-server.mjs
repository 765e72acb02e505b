// Runs the package's own local Netlify Blobs server for a test, in its own process: the server
// module is ESM-only inside, which Jest's CommonJS runtime cannot load.
//   node tests/support/blobs-server.mjs <directory> <port> <token>
//
// Its conditional write (If-None-Match: *, what `onlyIfNew` sends) checks that the key is absent
// and then writes, in two steps: two writes of one key at the same moment can both pass the check.
// The site relies on Netlify's service deciding between them, so writes of one key are taken one
// at a time here, as one decision each. (Found when 200 bookings of one time got three 201s.)
import process from "node:process";
import { URL } from "node:url";
import { BlobsServer } from "@netlify/blobs/server";

const [directory, port, token] = process.argv.slice(2);
const server = new BlobsServer({ directory, port: Number(port), token });
const writes = new Map();
const put = server.put.bind(server);
server.put = (req) => {
  const key = new URL(req.url ?? "", "http://blobs.local").pathname;
  const run = (writes.get(key) ?? Promise.resolve()).then(() => put(req));
  const tail = run.catch(() => undefined);
  writes.set(key, tail);
  tail.then(() => writes.get(key) === tail && writes.delete(key));
  return run;
};
await server.start();
process.stdout.write("ready\n");
