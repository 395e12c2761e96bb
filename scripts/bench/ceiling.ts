// The ceiling of `npm run bench`: a bare node:http server answering every request with the
// same bytes from memory — the HTML of a product page and that page's response headers, as
// the shop sent them. `node scripts/bench/ceiling.ts <body file> <headers JSON file>` prints
// `listening <port>` once it listens on 127.0.0.1; SIGTERM stops it.
import fs from "node:fs";
import http from "node:http";

const [bodyFile, headersFile] = process.argv.slice(2);
if (!bodyFile || !headersFile) throw new Error("usage: ceiling.ts <body file> <headers JSON file>");
const body = fs.readFileSync(bodyFile);
const headers = JSON.parse(fs.readFileSync(headersFile, "utf8")) as [string, string][];

const server = http.createServer((request, response) => {
  for (const [name, value] of headers) response.setHeader(name, value);
  response.setHeader("content-length", body.length);
  response.end(request.method === "HEAD" ? undefined : body);
});
server.keepAliveTimeout = 5000;
server.listen(0, "127.0.0.1", () => {
  const address = server.address();
  process.stdout.write(`listening ${typeof address === "object" && address ? address.port : 0}\n`);
});
process.once("SIGTERM", () => {
  server.close(() => process.exit(0));
  server.closeAllConnections();
});
