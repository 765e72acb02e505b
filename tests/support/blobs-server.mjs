// Runs the package's own local Netlify Blobs server for a test, in its own process: the server
// module is ESM-only inside, which Jest's CommonJS runtime cannot load.
//   node tests/support/blobs-server.mjs <directory> <port> <token>
import process from "node:process";
import { BlobsServer } from "@netlify/blobs/server";

const [directory, port, token] = process.argv.slice(2);
const server = new BlobsServer({ directory, port: Number(port), token });
await server.start();
process.stdout.write("ready\n");
