// Shared by the quick-start scripts: run pnpm through npx (corepack fails here) and commands with inherited output.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export const PNPM_VERSION = '10.34.8';

export function run(cmd, args, options = {}) {
  const result = spawnSync(cmd, args, { stdio: 'inherit', ...options });
  if (result.error) throw result.error;
  return result.status ?? 1;
}

export function pnpm(args, options) {
  return run('npx', ['-y', `pnpm@${PNPM_VERSION}`, ...args], options);
}

export function mustPnpm(args, options) {
  const status = pnpm(args, options);
  if (status !== 0) {
    console.error(`命令失败：pnpm ${args.join(' ')}`);
    process.exit(status);
  }
}

export function install() {
  mustPnpm(['install', '--frozen-lockfile', '--reporter=append-only']);
}

export const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

/** End-to-end tests drive Debian's chromium; install it (and CJK fonts) when missing. */
export function ensureChromium() {
  if (existsSync(CHROMIUM)) return;
  if (process.getuid?.() !== 0) {
    console.error(`缺少 ${CHROMIUM}：请以 root 运行，或先执行 apt-get install -y chromium fonts-noto-cjk`);
    process.exit(1);
  }
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  if (
    run('apt-get', ['update', '-q'], { env }) !== 0 ||
    run('apt-get', ['install', '-y', '-q', 'chromium', 'fonts-noto-cjk'], { env }) !== 0
  ) {
    console.error('安装 chromium 失败');
    process.exit(1);
  }
}
