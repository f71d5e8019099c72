// Children that may start servers (pnpm → tsx → node, vite, playwright and its web server) run in
// their own process group, and the whole group is killed when this script ends, whether it ends
// normally, by an error or by SIGINT/SIGTERM/SIGHUP. Killing only the direct child (npx) left the
// server it had started running, holding its port and data folder.
import { spawn } from 'node:child_process';

const groups = new Set();
let stopping = false;

function killGroup(pid, signal) {
  try {
    process.kill(-pid, signal);
  } catch {
    // the group is already gone
  }
}

/** Asks every group to stop, then kills what is left after `graceMs`, then exits. */
export function stopAll(code = 0, graceMs = 5000) {
  if (stopping) return;
  stopping = true;
  process.exitCode = code;
  for (const pid of groups) killGroup(pid, 'SIGTERM');
  const force = setTimeout(() => {
    for (const pid of groups) killGroup(pid, 'SIGKILL');
    process.exit(code);
  }, graceMs);
  force.unref();
  const wait = setInterval(() => {
    if (groups.size === 0) {
      clearInterval(wait);
      clearTimeout(force);
      process.exit(code);
    }
  }, 100);
}

process.on('exit', () => {
  for (const pid of groups) killGroup(pid, 'SIGKILL');
});
for (const [signal, number] of [
  ['SIGINT', 2],
  ['SIGTERM', 15],
  ['SIGHUP', 1],
]) {
  process.on(signal, () => stopAll(128 + number));
}

/**
 * Starts a command in its own process group. Its standard input is closed: a background group
 * that reads the terminal would be stopped by it (SIGTTIN); output goes to this terminal.
 */
export function spawnGroup(cmd, args, options = {}) {
  const child = spawn(cmd, args, { stdio: ['ignore', 'inherit', 'inherit'], ...options, detached: true });
  groups.add(child.pid);
  child.once('exit', () => {
    // whatever the leader left behind in its group goes with it
    killGroup(child.pid, 'SIGTERM');
    groups.delete(child.pid);
  });
  return child;
}

/** Runs a command in its own process group to the end; resolves to its exit status. */
export function runGroup(cmd, args, options = {}) {
  return new Promise((resolve, reject) => {
    const child = spawnGroup(cmd, args, options);
    child.once('error', reject);
    child.once('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}
