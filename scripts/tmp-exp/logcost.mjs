import pino from 'pino';
import fs from 'node:fs';
const dest = pino.destination({ dest: '/tmp/logcost.log', sync: true });
const logger = pino({
  level: 'info',
  redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
  serializers: {
    req: (req) => ({ method: req.method, url: req.url, remoteAddress: req.ip }),
    res: (reply) => ({ statusCode: reply.statusCode }),
  },
}, dest);
const req = { method: 'GET', url: '/api/get-product/2d7c0b9e-5f0e-4c63-9d0e-6a2f1b6f1d7e', ip: '127.0.0.1' };
const res = { statusCode: 200 };
function run(n, withChild) {
  const t = process.hrtime.bigint();
  for (let i = 0; i < n; i++) {
    const log = withChild ? logger.child({ reqId: 'f3b5c2a0-1c2d-4e5f-8a9b-0c1d2e3f4a5b' }) : logger;
    log.info({ req, res, responseTime: 0.4123 }, 'request completed');
  }
  return Number(process.hrtime.bigint() - t) / n / 1000;
}
for (let k = 0; k < 3; k++) console.log('child+info µs', run(100000, true).toFixed(2), ' info only µs', run(100000, false).toFixed(2));
const dest2 = fs.openSync('/tmp/logcost2.log', 'w');
const line = Buffer.from('{"level":30,"time":1764000000000,"pid":1234,"hostname":"x","reqId":"f3b5c2a0-1c2d-4e5f-8a9b-0c1d2e3f4a5b","req":{"method":"GET","url":"/api/get-product/2d7c","remoteAddress":"127.0.0.1"},"res":{"statusCode":200},"responseTime":0.41,"msg":"request completed"}\n');
let t = process.hrtime.bigint();
for (let i = 0; i < 100000; i++) fs.writeSync(dest2, line);
console.log('bare writeSync µs', (Number(process.hrtime.bigint() - t) / 100000 / 1000).toFixed(2));
