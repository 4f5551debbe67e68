#!/usr/bin/env node
// Latency of GET /api/auth/me for a visitor through the running system (gateway → NATS → auth →
// PostgreSQL), next to a bare Node HTTP server answering the same JSON on this machine.
// Usage: node gateway/bench/me-latency.mjs [baseUrl] [requests]   (start the system first: make dev)
import http from 'node:http';

const baseUrl = process.argv[2] ?? 'http://127.0.0.1:8080';
const count = Number(process.argv[3] ?? 1000);
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

function get(url, headers = {}) {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    http
      .get(url, { agent, headers }, (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode, ms: Number(process.hrtime.bigint() - started) / 1e6 }));
      })
      .on('error', reject);
  });
}

async function measure(url, headers) {
  for (let i = 0; i < 50; i += 1) await get(url, headers); // warm-up
  const samples = [];
  let status;
  for (let i = 0; i < count; i += 1) {
    const result = await get(url, headers);
    status = result.status;
    samples.push(result.ms);
  }
  samples.sort((a, b) => a - b);
  const at = (q) => samples[Math.min(samples.length - 1, Math.floor(q * samples.length))];
  return { status, median: at(0.5), p99: at(0.99) };
}

const bare = http.createServer((_req, res) => {
  res.writeHead(401, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ error: 'Not authenticated' }));
});
await new Promise((resolve) => bare.listen(0, '127.0.0.1', resolve));
const bareUrl = `http://127.0.0.1:${bare.address().port}/api/auth/me`;

const system = await measure(`${baseUrl}/api/auth/me`, { cookie: 'pl_session=bench-unknown-token' });
const baseline = await measure(bareUrl);
bare.close();
agent.destroy();
const fmt = (r) => `median ${r.median.toFixed(2)} ms, p99 ${r.p99.toFixed(2)} ms (HTTP ${r.status})`;
console.log(`GET /api/auth/me x${count}, sequential, keep-alive`);
console.log(`  Printloom (gateway → NATS → auth → PostgreSQL): ${fmt(system)}`);
console.log(`  bare Node http server, same JSON:               ${fmt(baseline)}`);
console.log(`  ratio of medians: ${(system.median / baseline.median).toFixed(1)}x`);
