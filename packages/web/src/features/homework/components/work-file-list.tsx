import type { WorkAttachment } from '@dfrm/sdk/tms';
import { Button, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDownload, IconEye, IconPaperclip } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { FilePreviewModal } from '@/components/file-preview/file-preview-modal';
import { fetchFilePreview, previewKindOfName } from '@/lib/file-preview';
import { formatFileSize } from '@/shared/format';
import { useSessionApi } from '@/shared/session/session-context';
import { downloadWorkFileMutation } from '@/features/homework/api/grading-mutations';
import { gradingKeys } from '@/features/homework/api/grading-queries';

/** A hand-in's files: 预览 for PDFs and images (inside the page), 下载 for every file. */
export function WorkFileList({
  studentWorkId,
  files,
}: {
  studentWorkId: string;
  files: readonly WorkAttachment[];
}) {
  const session = useSessionApi();
  const download = useMutation({
    ...downloadWorkFileMutation(() => session.auth()),
    onSuccess: (name) => notifications.show({ color: 'teal', message: `已下载：${name}` }),
  });
  const [previewing, setPreviewing] = useState<WorkAttachment | null>(null);

  if (files.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        没有附件
      </Text>
    );
  }
  return (
    <>
      <Stack gap={6} component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label="学生附件">
        {files.map((file) => (
          <Group key={file.url} component="li" justify="space-between" wrap="nowrap" gap="xs">
            <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
              <IconPaperclip size={16} aria-hidden style={{ flex: 'none' }} />
              <div style={{ minWidth: 0 }}>
                <Text size="sm" truncate>
                  {file.fileName}
                </Text>
                <Text size="xs" c="dimmed">
                  {formatFileSize(file.fileSize)}
                </Text>
              </div>
            </Group>
            <Group gap={4} wrap="nowrap" style={{ flex: 'none' }}>
              {previewKindOfName(file.fileName) ? (
                <Button
                  variant="subtle"
                  size="compact-sm"
                  leftSection={<IconEye size={14} aria-hidden />}
                  aria-label={`预览 ${file.fileName}`}
                  onClick={() => setPreviewing(file)}
                >
                  预览
                </Button>
              ) : null}
              <Button
                variant="subtle"
                size="compact-sm"
                leftSection={<IconDownload size={14} aria-hidden />}
                aria-label={`下载 ${file.fileName}`}
                loading={download.isPending && download.variables === file}
                onClick={() => download.mutate(file)}
              >
                下载
              </Button>
            </Group>
          </Group>
        ))}
      </Stack>
      <FilePreviewModal
        target={
          previewing && {
            queryKey: gradingKeys.filePreview(studentWorkId, previewing.url),
            fileName: previewing.fileName,
            fileSize: previewing.fileSize,
            load: (signal) => fetchFilePreview(`${previewing.url}?preview=true`, session.auth(), signal),
          }
        }
        onClose={() => setPreviewing(null)}
        onDownload={() => {
          if (previewing) download.mutate(previewing);
        }}
      />
    </>
  );
}
