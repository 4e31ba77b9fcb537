import fs from 'node:fs';
import http from 'node:http';

/**
 * The ceiling: a bare node:http server answering one precomputed JSON body (a real feed page, read
 * from the file named by argv[2]). No framework, no database, no serialisation: no Node server on
 * this machine can answer this body faster.
 */
const body = fs.readFileSync(process.argv[2] ?? '', 'utf8');
const port = Number(process.argv[3]);
const headers = { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) };
http
  .createServer((_req, res) => {
    res.writeHead(200, headers);
    res.end(body);
  })
  .listen(port, '127.0.0.1');
