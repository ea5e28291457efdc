// A smart-HTTP git server on localhost (git http-backend behind node's http server) answering every
// push with HTTP 403, as GitHub does when the job's token may read but not write. Runs as its own
// process so tests can call git synchronously against it. Prints its URL, then serves until killed.
//
//   node test/action/git-http-server.mjs /path/to/remote.git [read-only|no-credentials]
import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import { basename, dirname } from 'node:path';

const bare = process.argv[2];
// 'read-only' (default): pushes get 403; 'no-credentials': pushes get 401, as without a token;
// 'token:SECRET': pushes carrying that token are accepted, others get 401.
const mode = process.argv[3] ?? 'read-only';
const server = createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://x');
  const pushing = url.searchParams.get('service') === 'git-receive-pack' || url.pathname.endsWith('/git-receive-pack');
  // 'token:SECRET': pushes need the header actions/checkout sends (basic x-access-token:SECRET).
  const authorized = mode.startsWith('token:') && req.headers.authorization === `basic ${Buffer.from(`x-access-token:${mode.slice(6)}`).toString('base64')}`;
  if (pushing && mode.startsWith('token:') && !authorized) {
    req.resume();
    res.writeHead(401, { 'www-authenticate': 'Basic realm="GitHub"', 'content-type': 'text/plain' });
    res.end('authentication required\n');
    return;
  }
  if (pushing && !authorized) {
    req.resume();
    if (mode === 'no-credentials') {
      // What a push without a token gets (actions/checkout with persist-credentials: false).
      res.writeHead(401, { 'www-authenticate': 'Basic realm="GitHub"', 'content-type': 'text/plain' });
      res.end('authentication required\n');
      return;
    }
    res.writeHead(403, { 'content-type': 'text/plain' });
    res.end('Permission to octo/widgets.git denied to github-actions[bot].\n');
    return;
  }
  const cgi = spawn('git', ['http-backend'], {
    env: {
      PATH: process.env.PATH,
      GIT_PROJECT_ROOT: dirname(bare),
      GIT_HTTP_EXPORT_ALL: '1',
      GIT_CONFIG_NOSYSTEM: '1',
      GIT_CONFIG_GLOBAL: '/dev/null',
      REQUEST_METHOD: req.method ?? 'GET',
      PATH_INFO: url.pathname,
      QUERY_STRING: url.search.slice(1),
      CONTENT_TYPE: req.headers['content-type'] ?? '',
      HTTP_CONTENT_ENCODING: req.headers['content-encoding'] ?? '',
      GIT_PROTOCOL: String(req.headers['git-protocol'] ?? ''),
      REMOTE_ADDR: '127.0.0.1',
      ...(authorized ? { REMOTE_USER: 'x-access-token' } : {}),
    },
    stdio: ['pipe', 'pipe', 'ignore'],
  });
  req.pipe(cgi.stdin);
  let head = Buffer.alloc(0);
  let sentHead = false;
  cgi.stdout.on('data', (chunk) => {
    if (sentHead) return void res.write(chunk);
    head = Buffer.concat([head, chunk]);
    const end = head.indexOf('\r\n\r\n');
    if (end < 0) return;
    let status = 200;
    const headers = {};
    for (const line of head.subarray(0, end).toString('latin1').split('\r\n')) {
      const i = line.indexOf(':');
      const k = line.slice(0, i).trim();
      const v = line.slice(i + 1).trim();
      if (k.toLowerCase() === 'status') status = parseInt(v, 10);
      else headers[k] = v;
    }
    res.writeHead(status, headers);
    sentHead = true;
    res.write(head.subarray(end + 4));
  });
  cgi.on('close', () => res.end());
});
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`http://127.0.0.1:${server.address().port}/${basename(bare)}\n`);
});
// Exit with the test process: the parent closes our stdin.
process.stdin.on('end', () => process.exit(0)).resume();
