import '@mantine/core/styles/Popover.layer.css';
import type { FileInfo } from '@dfrm/sdk/tms';
import { ActionIcon, Button, Group, Popover, Skeleton, Stack, Text } from '@mantine/core';
import { IconDownload, IconEye, IconPaperclip } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { formatFileSize } from '@/shared/format';
import { previewKindOf } from '@/lib/file-preview';
import { coursewareAttachmentsQuery } from '@/features/courseware/api/courseware-queries';
import { Hint } from '@/components/hint/hint';

/** "3 个附件": opens the attachment list (read when opened), each downloadable on its own. */
export function CoursewareAttachments({
  schoolId,
  courseWareId,
  courseWareName,
  count,
  onDownload,
}: {
  schoolId: string;
  courseWareId: string;
  courseWareName: string;
  count: number;
  onDownload: (file: FileInfo) => void;
}) {
  const [opened, setOpened] = useState(false);
  if (count === 0) {
    return (
      <Text size="sm" c="dimmed">
        无附件
      </Text>
    );
  }
  return (
    <Popover
      opened={opened}
      onChange={setOpened}
      width={320}
      position="bottom-start"
      withinPortal
      shadow="md"
    >
      <Popover.Target>
        <Button
          variant="subtle"
          size="compact-sm"
          leftSection={<IconPaperclip size={14} aria-hidden />}
          onClick={() => setOpened((value) => !value)}
          aria-label={`${courseWareName} 的 ${count} 个附件`}
        >
          {count} 个附件
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        {opened ? (
          <AttachmentList schoolId={schoolId} courseWareId={courseWareId} onDownload={onDownload} />
        ) : null}
      </Popover.Dropdown>
    </Popover>
  );
}

function AttachmentList({
  schoolId,
  courseWareId,
  onDownload,
}: {
  schoolId: string;
  courseWareId: string;
  onDownload: (file: FileInfo) => void;
}) {
  const files = useQuery(coursewareAttachmentsQuery(schoolId, courseWareId));
  if (files.isPending) return <Skeleton height={40} />;
  if (files.isError) {
    return (
      <Text size="sm" c="red">
        附件读取失败
      </Text>
    );
  }
  return <AttachmentRows files={files.data} onDownload={onDownload} />;
}

/**
 * Attachment rows with a download button each (shared by the teacher popover and the student
 * list); with `onPreview`, PDFs and images also get 预览.
 */
export function AttachmentRows({
  files,
  onDownload,
  onPreview,
}: {
  files: readonly FileInfo[];
  onDownload: (file: FileInfo) => void;
  onPreview?: ((file: FileInfo) => void) | undefined;
}) {
  return (
    <Stack gap={6} component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label="附件">
      {files.map((file) => (
        <Group key={file.fileId} component="li" justify="space-between" wrap="nowrap" gap="xs">
          <div style={{ minWidth: 0 }}>
            <Text size="sm" truncate>
              {file.fileName}
            </Text>
            <Text size="xs" c="dimmed">
              {formatFileSize(file.fileSize)}
            </Text>
          </div>
          <Group gap={4} wrap="nowrap" style={{ flex: 'none' }}>
            {onPreview && previewKindOf(file.contentType) ? (
              <Hint label="在页面中预览">
                <ActionIcon
                  variant="subtle"
                  aria-label={`预览 ${file.fileName}`}
                  onClick={() => onPreview(file)}
                >
                  <IconEye size={18} aria-hidden />
                </ActionIcon>
              </Hint>
            ) : null}
            <Hint label="下载附件">
              <ActionIcon
                variant="subtle"
                aria-label={`下载 ${file.fileName}`}
                onClick={() => onDownload(file)}
              >
                <IconDownload size={18} aria-hidden />
              </ActionIcon>
            </Hint>
          </Group>
        </Group>
      ))}
    </Stack>
  );
}
