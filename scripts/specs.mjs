#!/usr/bin/env node
// Writes the root spec of each service (specs/<service>.yaml) from its area files (specs/<service>/*.yaml):
// the root holds the service's info and one $ref per path. `--check` fails when a root is stale.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parse, stringify } from 'yaml';

export const SERVICES = {
  user: { title: 'dfrm 用户服务', description: '登录、会话、用户信息与用户组（资源池）。' },
  tms: {
    title: 'dfrm 教学管理服务',
    description: '学校与角色、课程与教学班、学生、通知、课件、作业、考试、统计、实训与测验。',
  },
  resource: {
    title: 'dfrm 资源服务',
    description:
      '个人、组织与公共资源，审核，阅读记录，标签，空间模板，权限，统计，产品，题库与练习，课程推荐。',
  },
  support: { title: 'dfrm 支撑服务', description: '短信验证码与量化策略池。' },
  cms: { title: 'dfrm 内容服务', description: '论坛、资讯与用户设置。' },
  node: { title: 'dfrm 节点中心', description: '云计算实例（CCI）、镜像配置、节点、云数据库权限与监控。' },
};

const specsDir = resolve(import.meta.dirname, '..', 'specs');
const pointer = (path) => '#/paths/' + path.replaceAll('~', '~0').replaceAll('/', '~1');

function build(service) {
  const dir = join(specsDir, service);
  const areas = existsSync(dir)
    ? readdirSync(dir)
        .filter((f) => f.endsWith('.yaml') && f !== 'common.yaml')
        .sort()
    : [];
  const paths = {};
  const tags = [];
  const seen = new Map();
  for (const area of areas) {
    const doc = parse(readFileSync(join(dir, area), 'utf8'));
    for (const tag of doc.tags ?? []) if (!tags.some((t) => t.name === tag.name)) tags.push(tag);
    for (const path of Object.keys(doc.paths ?? {})) {
      if (seen.has(path)) throw new Error(`${service}: 路径 ${path} 同时出现在 ${seen.get(path)} 和 ${area}`);
      seen.set(path, area);
      paths[path] = { $ref: `./${service}/${area}${pointer(path)}` };
    }
  }
  const info = SERVICES[service];
  const root = {
    openapi: '3.1.0',
    info: {
      title: info.title,
      version: '0.1.0',
      description: `${info.description}\n路径带各自的服务前缀，统一挂在 API 基址（默认 /api）下。`,
    },
    servers: [{ url: '/api' }],
    tags,
    security: [{ token: [], userId: [], product: [] }],
    paths,
    components: {
      securitySchemes: Object.fromEntries(
        ['token', 'userId', 'product'].map((name) => [
          name,
          { $ref: `./shared/common.yaml#/components/securitySchemes/${name}` },
        ]),
      ),
    },
  };
  const header = `# 由 scripts/specs.mjs 根据 specs/${service}/*.yaml 生成，请勿手改；改区域文件后运行 pnpm specs。\n`;
  return header + stringify(root, { lineWidth: 0 });
}

// other scripts import SERVICES; only a direct run writes files
if (import.meta.url === `file://${process.argv[1]}`) main();

function main() {
  const check = process.argv.includes('--check');
  let stale = 0;
  for (const service of Object.keys(SERVICES)) {
    const file = join(specsDir, `${service}.yaml`);
    const text = build(service);
    const current = existsSync(file) ? readFileSync(file, 'utf8') : '';
    if (current === text) continue;
    if (check) {
      console.error(`specs/${service}.yaml 与区域文件不一致：请运行 pnpm specs`);
      stale++;
    } else {
      writeFileSync(file, text);
      console.log(`已写入 specs/${service}.yaml`);
    }
  }
  process.exit(stale ? 1 : 0);
}
