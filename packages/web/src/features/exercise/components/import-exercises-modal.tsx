import type { ExerciseImportError, ExerciseImportResult } from '@dfrm/sdk/resource';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconDownload, IconUpload } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { DataTable } from '@/components/data-table/data-table';
import { dataTableColumnHelper } from '@/components/data-table/data-table-features';
import { FileDrop } from '@/components/file-drop/file-drop';
import type { FileRules } from '@/components/file-drop/file-rules';
import { useUploadQueue } from '@/components/file-drop/use-upload-queue';
import { SegmentedChoice } from '@/components/segmented-choice/segmented-choice';
import { useSessionApi } from '@/shared/session/session-context';
import {
  downloadTemplateMutation,
  IMPORT_TEMPLATES,
  type ImportTemplate,
  importExercises,
} from '@/features/exercise/api/exercise-mutations';
import { exerciseKeys } from '@/features/exercise/api/exercise-queries';

// The limits of exerciseChoiceImport / exerciseQaImport.
const RULES: FileRules = { maxSize: 5 * 1024 * 1024, extensions: ['xlsx'], maxFiles: 1 };

const TEMPLATE_CHOICES = (Object.keys(IMPORT_TEMPLATES) as ImportTemplate[]).map((value) => ({
  value,
  label: `${IMPORT_TEMPLATES[value].label}（${IMPORT_TEMPLATES[value].types}）`,
}));

const col = dataTableColumnHelper<ExerciseImportError>();
const errorColumns = col.columns([
  col.accessor('row', { header: '行号', sortFn: 'basic', meta: { width: 72 } }),
  col.accessor('column', { header: '列', enableSorting: false, meta: { width: 90 } }),
  col.accessor('message', { header: '原因', enableSorting: false }),
]);

/**
 * 导入习题: a template's .xlsx into the chosen 题库. The server checks the whole file first; with
 * any bad row nothing is imported and every problem is listed here by its Excel row.
 */
export function ImportExercisesModal({
  opened,
  onClose,
  tagId,
  tagName,
}: {
  opened: boolean;
  onClose: () => void;
  tagId: string;
  tagName: string;
}) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="导入习题"
      size="lg"
      closeButtonProps={{ 'aria-label': '关闭' }}
    >
      {opened ? <ImportForm tagId={tagId} tagName={tagName} onDone={onClose} /> : null}
    </Modal>
  );
}

function ImportForm({ tagId, tagName, onDone }: { tagId: string; tagName: string; onDone: () => void }) {
  const queryClient = useQueryClient();
  const session = useSessionApi();
  const queue = useUploadQueue();
  const template = useMutation(downloadTemplateMutation(() => session.auth()));
  const [kind, setKind] = useState<ImportTemplate>('choice');
  const [refused, setRefused] = useState<ExerciseImportResult | null>(null);

  const submit = async () => {
    setRefused(null);
    const { results } = await queue.run((file, { signal }) => importExercises(kind, tagId, file, signal));
    const result = results[0];
    if (!result) return; // the file's row says why (a missing column, a file too large)
    if (result.success) {
      await queryClient.invalidateQueries({ queryKey: exerciseKeys.all });
      notifications.show({ color: 'teal', message: `已向「${tagName}」导入 ${result.importedCount} 道习题` });
      onDone();
    } else {
      // nothing was imported: the corrected file is dropped in afresh
      queue.clear();
      setRefused(result);
    }
  };

  return (
    <Stack gap="md">
      <Text size="sm">
        导入到题库：<b>{tagName}</b>
      </Text>
      <div>
        <Text size="sm" fw={500} mb={4} aria-hidden>
          模板
        </Text>
        <SegmentedChoice
          label="导入模板"
          data={TEMPLATE_CHOICES}
          value={kind}
          onChange={(value) => {
            setKind(value);
            setRefused(null);
          }}
        />
      </div>
      <Group gap="sm">
        {(Object.keys(IMPORT_TEMPLATES) as ImportTemplate[]).map((value) => (
          <Button
            key={value}
            variant="light"
            size="xs"
            leftSection={<IconDownload size={14} aria-hidden />}
            loading={template.isPending && template.variables === value}
            onClick={() => template.mutate(value)}
          >
            下载{IMPORT_TEMPLATES[value].label}模板
          </Button>
        ))}
      </Group>
      <FileDrop queue={queue} rules={RULES} label="习题 Excel 文件" disabled={queue.busy} />

      {refused ? (
        <Stack gap="xs">
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertTriangle size={18} aria-hidden />}
            title="导入失败，没有导入任何习题"
          >
            {refused.failedCount > 0
              ? `共 ${refused.totalRows} 行，其中 ${refused.failedCount} 行有问题。整个文件都未导入，请按下表修改后重新上传。`
              : '文件中没有可导入的习题，请按下表修改后重新上传。'}
          </Alert>
          <DataTable
            label="导入错误"
            columns={errorColumns}
            data={refused.errors}
            getRowId={(error) => `${error.row}:${error.column}:${error.message}`}
            height={280}
            virtualizeAfter={50}
          />
        </Stack>
      ) : null}

      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onDone}>
          取消
        </Button>
        <Button
          leftSection={<IconUpload size={16} aria-hidden />}
          disabled={!queue.items.some((item) => item.status === 'waiting' || item.status === 'failed')}
          loading={queue.busy}
          onClick={() => void submit()}
        >
          开始导入
        </Button>
      </Group>
    </Stack>
  );
}
