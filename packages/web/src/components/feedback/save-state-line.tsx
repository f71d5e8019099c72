import '@mantine/core/styles/Loader.layer.css';
import { Button, Group, Loader, Text } from '@mantine/core';
import {
  IconAlertTriangle,
  IconCircleCheck,
  IconCircleDashed,
  IconPencil,
  IconWifiOff,
} from '@tabler/icons-react';

/**
 * Where a piece of student work stands: saved (only once the server acknowledged it), nothing yet,
 * changed and waiting, saving, offline, retrying, or refused.
 */
export type SaveTone = 'saved' | 'empty' | 'pending' | 'saving' | 'offline' | 'retrying' | 'refused';

export interface SaveLine {
  tone: SaveTone;
  text: string;
  /** A button after the text: 重试, 立即重试. */
  action?: { label: string; onClick: () => void };
}

/** What the savers of homework and quiz answers share: changed and waiting, saving, no answer yet. */
export type SaveProgress = { kind: 'pending' } | { kind: 'saving' } | { kind: 'retrying'; reason: string };

export function progressLine(progress: SaveProgress, onRetry: () => void): SaveLine {
  switch (progress.kind) {
    case 'pending':
      return { tone: 'pending', text: '有修改，稍后自动保存' };
    case 'saving':
      return { tone: 'saving', text: '保存中…' };
    case 'retrying':
      return {
        tone: 'retrying',
        text: `未保存：${progress.reason}，正在重试`,
        action: { label: '立即重试', onClick: onRetry },
      };
  }
}

/** Each tone's icon and its colour (saving shows a spinner instead). */
const ICONS: Record<Exclude<SaveTone, 'saving'>, { Icon: typeof IconCircleCheck; color: string }> = {
  saved: { Icon: IconCircleCheck, color: 'teal-7' },
  empty: { Icon: IconCircleDashed, color: 'dimmed' },
  pending: { Icon: IconPencil, color: 'dimmed' },
  offline: { Icon: IconWifiOff, color: 'orange-8' },
  retrying: { Icon: IconAlertTriangle, color: 'orange-8' },
  refused: { Icon: IconAlertTriangle, color: 'red-8' },
};

function icon(tone: SaveTone) {
  if (tone === 'saving') return <Loader size={14} aria-hidden />;
  const { Icon, color } = ICONS[tone];
  return <Icon size={16} aria-hidden color={`var(--mantine-color-${color})`} />;
}

const TEXT_COLOR: Record<SaveTone, string> = {
  saved: 'teal.9',
  empty: 'dimmed',
  pending: 'dimmed',
  saving: 'dimmed',
  offline: 'orange.9',
  retrying: 'orange.9',
  refused: 'red.8',
};

const WARNING: ReadonlySet<SaveTone> = new Set(['offline', 'retrying', 'refused']);

/** A save state in a live region, read out when it changes (homework, exam and quiz answers). */
export function SaveStateLine({ line, label = '保存状态' }: { line: SaveLine; label?: string }) {
  const warning = WARNING.has(line.tone);
  return (
    <div role="status" aria-live="polite" aria-label={label}>
      <Group gap={6} wrap={line.action ? 'wrap' : 'nowrap'}>
        {icon(line.tone)}
        <Text size="sm" c={TEXT_COLOR[line.tone]} fw={warning ? 600 : undefined}>
          {line.text}
        </Text>
        {line.action && (
          <Button
            size="compact-xs"
            variant="subtle"
            color={line.tone === 'refused' ? 'red.8' : 'orange.9'}
            onClick={line.action.onClick}
          >
            {line.action.label}
          </Button>
        )}
      </Group>
    </div>
  );
}
