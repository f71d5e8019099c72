/**
 * The files of the demo course's courseware, made at seed time: a price
 * dataset, the script of the first exercise, a handout and a one-page PDF.
 * Everything is deterministic, so two seeds write the same bytes.
 */
import { seededRandom } from '../lib/seeded-random';

export interface DemoFile {
  fileName: string;
  bytes: Buffer;
}

/** Trading days (Monday to Friday) from `start` (YYYY-MM-DD), `count` of them. */
function tradingDays(start: string, count: number): string[] {
  const days: string[] = [];
  const date = new Date(`${start}T00:00:00Z`);
  while (days.length < count) {
    const weekday = date.getUTCDay();
    if (weekday !== 0 && weekday !== 6) days.push(date.toISOString().slice(0, 10));
    date.setUTCDate(date.getUTCDate() + 1);
  }
  return days;
}

/**
 * Simulated daily bars of one index-like security: a random walk with a small
 * drift, high/low around open/close and a volume that grows with the move.
 */
export function priceCsv(): DemoFile {
  const random = seededRandom(20260301);
  const normal = () => {
    // Box–Muller
    const u = Math.max(random(), 1e-12);
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random());
  };
  const lines = ['date,code,open,high,low,close,volume'];
  let close = 3856.42;
  for (const day of tradingDays('2025-01-02', 240)) {
    const open = close * (1 + normal() * 0.004);
    const next = open * (1 + 0.0003 + normal() * 0.011);
    const high = Math.max(open, next) * (1 + random() * 0.006);
    const low = Math.min(open, next) * (1 - random() * 0.006);
    const volume = Math.round((1.1e8 + random() * 6e7) * (1 + Math.abs(next / open - 1) * 20));
    lines.push(
      [day, 'DEMO300', open.toFixed(2), high.toFixed(2), low.toFixed(2), next.toFixed(2), volume].join(','),
    );
    close = next;
  }
  return { fileName: '模拟指数日线行情_2025.csv', bytes: Buffer.from(`${lines.join('\n')}\n`, 'utf8') };
}

export function returnsScript(): DemoFile {
  const text = `"""量化投资基础 · 第一次作业参考代码

读取课程数据集「模拟指数日线行情_2025.csv」，计算：
  1. 日简单收益率与对数收益率
  2. 5 日、20 日简单移动平均线
  3. 年化收益率、年化波动率与最大回撤
运行：python returns_ma.py 模拟指数日线行情_2025.csv
只用到标准库，不需要安装 pandas。
"""
import csv
import math
import sys


def load_closes(path):
    with open(path, encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    return [row["date"] for row in rows], [float(row["close"]) for row in rows]


def simple_returns(closes):
    return [closes[i] / closes[i - 1] - 1 for i in range(1, len(closes))]


def log_returns(closes):
    return [math.log(closes[i] / closes[i - 1]) for i in range(1, len(closes))]


def moving_average(values, window):
    out = []
    total = 0.0
    for i, value in enumerate(values):
        total += value
        if i >= window:
            total -= values[i - window]
        out.append(total / window if i >= window - 1 else None)
    return out


def max_drawdown(closes):
    peak = closes[0]
    worst = 0.0
    for close in closes:
        peak = max(peak, close)
        worst = min(worst, close / peak - 1)
    return worst


def main(path):
    dates, closes = load_closes(path)
    rets = simple_returns(closes)
    logs = log_returns(closes)
    ma5 = moving_average(closes, 5)
    ma20 = moving_average(closes, 20)

    mean = sum(logs) / len(logs)
    std = math.sqrt(sum((r - mean) ** 2 for r in logs) / (len(logs) - 1))
    print(f"样本区间：{dates[0]} 至 {dates[-1]}，共 {len(closes)} 个交易日")
    print(f"累计收益率：{closes[-1] / closes[0] - 1:.2%}")
    print(f"年化收益率：{math.exp(mean * 252) - 1:.2%}")
    print(f"年化波动率：{std * math.sqrt(252):.2%}")
    print(f"最大回撤：{max_drawdown(closes):.2%}")
    print(f"最后一日收益率：{rets[-1]:.4%}")
    print(f"最后一日 MA5 = {ma5[-1]:.2f}，MA20 = {ma20[-1]:.2f}")
    signal = "MA5 在 MA20 之上（多头排列）" if ma5[-1] > ma20[-1] else "MA5 在 MA20 之下（空头排列）"
    print(f"均线信号：{signal}")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "模拟指数日线行情_2025.csv")
`;
  return { fileName: 'returns_ma.py', bytes: Buffer.from(text, 'utf8') };
}

export function setupHandout(): DemoFile {
  const text = `# 量化投资基础 · 实验环境配置指南

本课程的实验全部使用 Python 3.10 及以上版本。请在第二周上课前完成以下配置，课上不再单独安排时间。

## 1. 安装 Python

- Windows / macOS：到 python.org 下载 3.11 安装包，安装时勾选「Add Python to PATH」。
- 已经装有 Anaconda 的同学可以直接使用，无需重复安装。

在终端输入 \`python --version\`，能看到 \`Python 3.11.x\` 即为成功。

## 2. 创建课程专用的虚拟环境

\`\`\`bash
python -m venv quant-env
# Windows
quant-env\\Scripts\\activate
# macOS / Linux
source quant-env/bin/activate
pip install numpy pandas matplotlib jupyterlab
\`\`\`

国内网络较慢时可以加上镜像：\`pip install -i https://pypi.tuna.tsinghua.edu.cn/simple numpy pandas matplotlib jupyterlab\`。

## 3. 验证

1. 下载课件「模拟指数日线行情」与「第一次作业参考代码」，放在同一个文件夹。
2. 运行 \`python returns_ma.py 模拟指数日线行情_2025.csv\`。
3. 能打印出累计收益率、年化波动率和均线信号即说明环境正常。

## 常见问题

- **提示找不到 python**：重新安装并勾选 PATH，或使用 \`py\` 命令。
- **CSV 中文文件名乱码**：把文件改名为 \`prices.csv\` 后再运行即可。
- 其他问题请在课程群里提问，或在周三答疑时间到博学楼 A305 找助教。
`;
  return { fileName: '实验环境配置指南.md', bytes: Buffer.from(text, 'utf8') };
}

/** A PDF string of UTF-16BE hex, for a Type0 font with the UniGB-UCS2-H encoding. */
function ucs2Hex(text: string): string {
  let hex = '';
  for (let i = 0; i < text.length; i++) hex += text.charCodeAt(i).toString(16).padStart(4, '0');
  return `<${hex.toUpperCase()}>`;
}

/**
 * A one-page PDF built by hand: Chinese text in the standard STSong-Light
 * font (Adobe-GB1, not embedded: every PDF viewer with CJK support has it),
 * with a correct cross-reference table.
 */
export function lecturePdf(): DemoFile {
  const lines: { size: number; text: string }[] = [
    { size: 20, text: '量化投资基础　第1讲　课程导论' },
    { size: 12, text: '主讲：李明华　金融学院金融工程系' },
    { size: 14, text: '一、什么是量化投资' },
    { size: 12, text: '用数据和统计模型代替主观判断，形成可检验、可重复的投资决策流程。' },
    { size: 14, text: '二、本课程的内容' },
    { size: 12, text: '1. 收益率、波动率与回撤：衡量一个策略的基本指标' },
    { size: 12, text: '2. 均线与动量：最简单的择时信号及其回测' },
    { size: 12, text: '3. 多因子选股：价值、规模、动量因子的构建与检验' },
    { size: 12, text: '4. 组合优化与风险控制：均值方差模型与仓位管理' },
    { size: 14, text: '三、考核方式' },
    { size: 12, text: '平时作业30%，期中小测20%，期末课程项目（策略研究报告）50%。' },
    { size: 14, text: '四、课前准备' },
    { size: 12, text: '按《实验环境配置指南》安装Python与课程依赖，并运行第一次作业参考代码。' },
  ];
  let y = 780;
  const ops: string[] = ['BT'];
  for (const line of lines) {
    y -= line.size >= 14 ? line.size + 16 : line.size + 10;
    ops.push(`/F1 ${line.size} Tf`, `1 0 0 1 60 ${y} Tm`, `${ucs2Hex(line.text)} Tj`);
  }
  ops.push('ET');
  const content = ops.join('\n');

  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>',
    `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type0 /BaseFont /STSong-Light /Encoding /UniGB-UCS2-H /DescendantFonts [6 0 R] >>',
    '<< /Type /Font /Subtype /CIDFontType0 /BaseFont /STSong-Light /CIDSystemInfo << /Registry (Adobe) /Ordering (GB1) /Supplement 4 >> /FontDescriptor 7 0 R /DW 1000 /W [1 95 500] >>',
    '<< /Type /FontDescriptor /FontName /STSong-Light /Flags 6 /FontBBox [-25 -254 1000 880] /ItalicAngle 0 /Ascent 880 /Descent -120 /CapHeight 880 /StemV 93 >>',
    '<< /Title <FEFF' +
      ucs2Hex('量化投资基础 第1讲 课程导论').slice(1, -1) +
      '> /Author <FEFF' +
      ucs2Hex('李明华').slice(1, -1) +
      '> >>',
  ];
  let body = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info ${objects.length} 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return { fileName: '第1讲_课程导论.pdf', bytes: Buffer.from(body, 'latin1') };
}
