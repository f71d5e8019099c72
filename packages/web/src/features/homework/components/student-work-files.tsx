import { ActionIcon, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDownload, IconEye, IconFile, IconTrash } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { type ReactNode, useMemo, useState } from 'react';
import { FilePreviewModal, type FilePreviewTarget } from '@/components/file-preview/file-preview-modal';
import { Hint } from '@/components/hint/hint';
import { fetchFilePreview, previewKindOfName } from '@/lib/file-preview';
import { formatFileSize } from '@/shared/format';
import { useSessionApi } from '@/shared/session/session-context';
import { downloadWorkFileMutation } from '@/features/homework/api/my-work-mutations';
import { myWorkKeys } from '@/features/homework/api/my-work-queries';

export interface WorkFile {
  fileName: string;
  filePath: string;
  fileSize: number;
  /** The API path that serves it; empty for a file uploaded but not saved yet. */
  url: string;
}

export interface WorkFileActions {
  download: (file: WorkFile) => void;
  preview: (file: WorkFile) => void;
  downloading: boolean;
  /** The preview dialog; render it once on the page. */
  viewer: ReactNode;
}

/** 预览 (PDFs and images, inside the page) and 下载 of homework files, by the path their `url` gives. */
export function useWorkFileActions(): WorkFileActions {
  const session = useSessionApi();
  const download = useMutation({
    ...downloadWorkFileMutation(() => session.auth()),
    onSuccess: (name) => notifications.show({ color: 'teal', message: `已下载：${name}` }),
  });
  const [previewing, setPreviewing] = useState<WorkFile | null>(null);
  const target = useMemo<FilePreviewTarget | null>(
    () =>
      previewing && {
        queryKey: [...myWorkKeys.all, 'preview', previewing.url],
        fileName: previewing.fileName,
        fileSize: previewing.fileSize,
        load: (signal) => fetchFilePreview(`${previewing.url}?preview=true`, session.auth(), signal),
      },
    [previewing, session],
  );
  return {
    download: (file) => download.mutate(file),
    preview: setPreviewing,
    downloading: download.isPending,
    viewer: (
      <FilePreviewModal
        target={target}
        onClose={() => setPreviewing(null)}
        onDownload={() => {
          if (previewing) download.mutate(previewing);
        }}
      />
    ),
  };
}

/** Homework files, each with 预览 (PDFs and images) and 下载; with `onRemove`, 移除 too. */
export function WorkFileList({
  files,
  label,
  actions,
  onRemove,
  removeDisabled = false,
}: {
  files: readonly WorkFile[];
  /** The list's accessible name, e.g. 作业附件. */
  label: string;
  actions: WorkFileActions;
  onRemove?: ((file: WorkFile) => void) | undefined;
  removeDisabled?: boolean;
}) {
  return (
    <Stack gap={6} component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label={label}>
      {files.map((file) => (
        <Group
          key={file.filePath}
          component="li"
          justify="space-between"
          wrap="nowrap"
          gap="xs"
          aria-label={file.fileName}
        >
          <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
            <IconFile size={20} aria-hidden color="var(--mantine-color-dimmed)" style={{ flex: 'none' }} />
            <div style={{ minWidth: 0 }}>
              <Text size="sm" truncate>
                {file.fileName}
              </Text>
              <Text size="xs" c="dimmed">
                {formatFileSize(file.fileSize)}
                {file.url ? '' : ' · 保存后可下载'}
              </Text>
            </div>
          </Group>
          <Group gap={4} wrap="nowrap" style={{ flex: 'none' }}>
            {file.url && previewKindOfName(file.fileName) ? (
              <Hint label="在页面中预览">
                <ActionIcon
                  variant="subtle"
                  aria-label={`预览 ${file.fileName}`}
                  onClick={() => actions.preview(file)}
                >
                  <IconEye size={18} aria-hidden />
                </ActionIcon>
              </Hint>
            ) : null}
            {file.url ? (
              <Hint label="下载附件">
                <ActionIcon
                  variant="subtle"
                  aria-label={`下载 ${file.fileName}`}
                  onClick={() => actions.download(file)}
                >
                  <IconDownload size={18} aria-hidden />
                </ActionIcon>
              </Hint>
            ) : null}
            {onRemove ? (
              <Hint label="移除附件">
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={`移除 ${file.fileName}`}
                  disabled={removeDisabled}
                  onClick={() => onRemove(file)}
                >
                  <IconTrash size={18} aria-hidden />
                </ActionIcon>
              </Hint>
            ) : null}
          </Group>
        </Group>
      ))}
    </Stack>
  );
}
