#!/usr/bin/env node
// Idle is idle: CPU used by the running system's processes (gateway, the five services, nats-server)
// while nobody uses it, from /proc/<pid>/stat over a window. Judged by: total < 2% of one core.
// Usage: node gateway/bench/idle-cpu.mjs [seconds] [pid of make dev's scripts/dev.mjs]
//   (Linux; start the system first: make dev. Without a pid: the newest dev.mjs of this checkout.)
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { execSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const seconds = Number(process.argv[2] ?? 30);
const ticksPerSecond = Number(execSync('getconf CLK_TCK').toString().trim());
const SYSTEM = /(?:services\/\w+|gateway)\/dist\/main\.js|nats-server/;
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

function allProcesses() {
  const processes = [];
  for (const pid of readdirSync('/proc').filter((entry) => /^\d+$/.test(entry))) {
    try {
      const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ').trim();
      const parent = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')[1];
      const started = Number(readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')[19]);
      processes.push({ pid, parent, command, started, cwd: readlinkSync(`/proc/${pid}/cwd`) });
    } catch {
      // gone meanwhile, or not ours to read
    }
  }
  return processes;
}

/** The processes make dev started (gateway, services, its own nats-server), by their parent dev.mjs. */
function systemProcesses() {
  const processes = allProcesses();
  const devPid =
    process.argv[3] ??
    processes.filter((entry) => entry.command.includes('scripts/dev.mjs') && entry.cwd === root).sort((a, b) => b.started - a.started)[0]
      ?.pid;
  return new Map(
    processes
      .filter((entry) => entry.parent === devPid && SYSTEM.test(entry.command))
      .map((entry) => [entry.pid, entry.command.match(SYSTEM)[0]]),
  );
}

/** utime + stime in clock ticks. */
function cpuTicks(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return null;
  }
}

const processes = systemProcesses();
if (processes.size === 0) {
  console.log('No running Printloom processes found: start the system first (make dev). Skipped.');
  process.exit(0);
}
const before = new Map([...processes.keys()].map((pid) => [pid, cpuTicks(pid)]));
await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
let total = 0;
console.log(`Idle CPU over ${seconds} s (% of one core):`);
for (const [pid, name] of processes) {
  const after = cpuTicks(pid);
  if (after === null || before.get(pid) === null) continue;
  const percent = ((after - before.get(pid)) / ticksPerSecond / seconds) * 100;
  total += percent;
  console.log(`  ${name.padEnd(34)} pid ${pid}: ${percent.toFixed(2)}%`);
}
console.log(`  total: ${total.toFixed(2)}% of one core (target < 2%)`);
