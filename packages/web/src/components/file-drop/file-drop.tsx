import '@mantine/dropzone/styles.layer.css';
import '@mantine/core/styles/Progress.layer.css';
import { ActionIcon, Alert, Group, Progress, Stack, Text } from '@mantine/core';
import { Dropzone, type FileRejection } from '@mantine/dropzone';
import { IconCloudUpload, IconFile, IconFileX, IconTrash, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { formatFileSize } from '@/shared/format';
import classes from './file-drop.module.css';
import { acceptAttribute, checkFile, type FileRules, rulesHint } from './file-rules';
import type { UploadItem, UploadQueue } from './use-upload-queue';
import { Hint } from '@/components/hint/hint';

const STATUS_TEXT: Record<UploadItem['status'], string> = {
  waiting: '等待上传',
  uploading: '上传中',
  done: '已上传',
  failed: '上传失败',
  canceled: '已取消',
};

interface Refusal {
  name: string;
  reason: string;
}

export interface FileDropProps {
  queue: Pick<UploadQueue, 'items' | 'add' | 'remove'>;
  rules: FileRules;
  /** Accessible name of the drop area. */
  label?: string;
  disabled?: boolean;
}

/**
 * Drag-and-drop (or click) file picking with the chosen files listed below,
 * each with its progress bar and a cancel/remove button. Files breaking the
 * rules are refused up front with a Chinese reason; the upload itself is the
 * caller's (see useUploadQueue).
 */
export function FileDrop({ queue, rules, label = '上传文件', disabled }: FileDropProps) {
  const [refused, setRefused] = useState<Refusal[]>([]);

  const take = (accepted: readonly File[], rejected: readonly FileRejection[]) => {
    const refusals: Refusal[] = rejected.map(({ file, errors }) => ({
      name: file.name,
      reason: errors[0]?.message ?? '无法添加该文件',
    }));
    const names = new Set(queue.items.map((item) => item.file.name));
    const room = rules.maxFiles ? Math.max(rules.maxFiles - queue.items.length, 0) : Infinity;
    const taken: File[] = [];
    for (const file of accepted) {
      if (names.has(file.name)) refusals.push({ name: file.name, reason: '已选择同名文件' });
      else if (taken.length >= room) refusals.push({ name: file.name, reason: `最多选择 ${rules.maxFiles} 个文件` });
      else {
        names.add(file.name);
        taken.push(file);
      }
    }
    setRefused(refusals);
    if (taken.length > 0) queue.add(taken);
  };

  const accept = acceptAttribute(rules);
  return (
    <Stack gap="sm">
      <Dropzone
        onDropAny={(accepted, rejected) => take(accepted, rejected)}
        onDrop={() => {}}
        validator={(file) => {
          const reason = checkFile(file, rules);
          return reason ? { code: 'file-invalid', message: reason } : null;
        }}
        disabled={disabled}
        aria-label={label}
        inputProps={{ 'aria-label': label, ...(accept ? { accept } : {}) }}
        className={classes.zone}
      >
        <Group justify="center" gap="md" mih={96} wrap="nowrap" style={{ pointerEvents: 'none' }}>
          <Dropzone.Accept>
            <IconCloudUpload size={40} color="var(--mantine-color-brand-6)" aria-hidden />
          </Dropzone.Accept>
          <Dropzone.Reject>
            <IconX size={40} color="var(--mantine-color-red-6)" aria-hidden />
          </Dropzone.Reject>
          <Dropzone.Idle>
            <IconCloudUpload size={40} color="var(--mantine-color-dimmed)" aria-hidden />
          </Dropzone.Idle>
          <div>
            <Text fw={500}>将文件拖到这里，或点击选择文件</Text>
            <Text size="sm" c="dimmed" mt={4}>
              {rulesHint(rules)}
            </Text>
          </div>
        </Group>
      </Dropzone>

      {refused.length > 0 ? (
        <Alert
          color="red"
          variant="light"
          icon={<IconFileX size={18} aria-hidden />}
          title="以下文件未添加"
          withCloseButton
          closeButtonLabel="关闭"
          onClose={() => setRefused([])}
        >
          <Stack gap={2}>
            {refused.map((item) => (
              <Text key={`${item.name}:${item.reason}`} size="sm">
                {item.name}：{item.reason}
              </Text>
            ))}
          </Stack>
        </Alert>
      ) : null}

      {queue.items.length > 0 ? (
        <ul className={classes.list} aria-label="已选择的文件">
          {queue.items.map((item) => (
            <FileRow key={item.id} item={item} onRemove={() => queue.remove(item.id)} />
          ))}
        </ul>
      ) : null}
    </Stack>
  );
}

function FileRow({ item, onRemove }: { item: UploadItem; onRemove: () => void }) {
  const percent = item.total > 0 ? Math.round((item.loaded / item.total) * 100) : 0;
  const uploading = item.status === 'uploading';
  const color =
    item.status === 'failed' ? 'red' : item.status === 'done' ? 'teal' : item.status === 'canceled' ? 'gray' : 'brand';
  return (
    <li className={classes.row} aria-label={item.file.name}>
      <IconFile size={22} aria-hidden className={classes.icon} />
      <div className={classes.body}>
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Text size="sm" fw={500} truncate>
            {item.file.name}
          </Text>
          <Text size="xs" c="dimmed" className={classes.meta}>
            {formatFileSize(item.file.size)} · {STATUS_TEXT[item.status]}
            {uploading ? ` ${percent}%` : ''}
          </Text>
        </Group>
        <Progress
          value={item.status === 'done' ? 100 : percent}
          color={color}
          size="sm"
          mt={6}
          aria-label={`${item.file.name} 上传进度`}
          animated={uploading}
        />
        {item.error ? (
          <Text size="xs" c="red" mt={4} role="alert">
            {item.error}
          </Text>
        ) : null}
      </div>
      {item.status === 'done' ? null : (
        <Hint label={uploading ? '取消上传' : '移除'}>
          <ActionIcon
            variant="subtle"
            color={uploading ? 'red' : 'gray'}
            aria-label={uploading ? `取消上传 ${item.file.name}` : `移除 ${item.file.name}`}
            onClick={onRemove}
          >
            {uploading ? <IconX size={18} aria-hidden /> : <IconTrash size={18} aria-hidden />}
          </ActionIcon>
        </Hint>
      )}
    </li>
  );
}
