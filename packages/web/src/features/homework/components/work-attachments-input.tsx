import type { WorkAttachment } from '@dfrm/sdk/tms';
import { ActionIcon, Group, Input, Stack, Text } from '@mantine/core';
import { IconDownload, IconPaperclip, IconX } from '@tabler/icons-react';
import { FileDrop } from '@/components/file-drop/file-drop';
import { COURSE_FILE_EXTENSIONS, type FileRules } from '@/components/file-drop/file-rules';
import type { UploadQueue } from '@/components/file-drop/use-upload-queue';
import { Hint } from '@/components/hint/hint';
import { formatFileSize } from '@/shared/format';

/** How many attachments a work holds (the server's MAX_WORK_FILES; CourseWorkSaveRequest.attachments). */
export const MAX_WORK_ATTACHMENTS = 10;

/**
 * What uploadWorkFile takes (specs/tms/course-work.yaml: the courseware kinds), at most what a save
 * accepts for one attachment (WorkAttachmentInput.fileSize: 100 MB).
 */
export function workFileRules(kept: number): FileRules {
  return {
    maxSize: 100 * 1024 * 1024,
    extensions: COURSE_FILE_EXTENSIONS,
    maxFiles: Math.max(MAX_WORK_ATTACHMENTS - kept, 1),
  };
}

/**
 * 附件 of a work: the ones it has (each downloadable, each removable until the save) and new
 * files picked for upload with their progress (they go up when the form is saved).
 */
export function WorkAttachmentsInput({
  kept,
  onRemove,
  onDownload,
  queue,
  error,
  disabled,
}: {
  kept: readonly WorkAttachment[];
  onRemove: (attachment: WorkAttachment) => void;
  onDownload: (attachment: WorkAttachment) => void;
  queue: Pick<UploadQueue, 'items' | 'add' | 'remove'>;
  error?: string | null | undefined;
  disabled?: boolean | undefined;
}) {
  const full = kept.length >= MAX_WORK_ATTACHMENTS;
  return (
    <Input.Wrapper label="附件" error={error} labelElement="div">
      <Text size="xs" c="dimmed" mb={6}>
        讲义、数据或代码等，学生在作业页面下载；选择的文件在保存作业时上传。
      </Text>
      <Stack gap="sm">
        {kept.length > 0 ? (
          <Stack gap={6} component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label="作业的附件">
            {kept.map((file) => (
              <Group key={file.filePath} component="li" justify="space-between" wrap="nowrap" gap="xs">
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
                  {file.url ? (
                    <Hint label="下载附件">
                      <ActionIcon
                        variant="subtle"
                        aria-label={`下载 ${file.fileName}`}
                        onClick={() => onDownload(file)}
                      >
                        <IconDownload size={18} aria-hidden />
                      </ActionIcon>
                    </Hint>
                  ) : null}
                  <Hint label="移除附件">
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={`移除 ${file.fileName}`}
                      disabled={disabled}
                      onClick={() => onRemove(file)}
                    >
                      <IconX size={18} aria-hidden />
                    </ActionIcon>
                  </Hint>
                </Group>
              </Group>
            ))}
          </Stack>
        ) : null}
        {full ? (
          <Text size="sm" c="dimmed">
            一份作业最多 {MAX_WORK_ATTACHMENTS} 个附件，移除一个后才能再添加。
          </Text>
        ) : (
          <FileDrop queue={queue} rules={workFileRules(kept.length)} label="上传附件" disabled={disabled} />
        )}
      </Stack>
    </Input.Wrapper>
  );
}
