import '@mantine/core/styles/Combobox.layer.css';
import '@mantine/core/styles/Popover.layer.css';
import '@mantine/core/styles/ScrollArea.layer.css';
import type { SchoolClass, StudentImportError, StudentImportResult } from '@dfrm/sdk/tms';
import { Alert, Anchor, Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { XlsxDrop } from '@/components/file-drop/xlsx-drop';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconUpload } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useSessionApi } from '@/shared/session/session-context';
import { DataTable } from '@/components/data-table/data-table';
import { dataTableColumnHelper } from '@/components/data-table/data-table-features';
import {
  downloadStudentTemplateMutation,
  uploadStudentsMutation,
} from '@/features/student/api/student-mutations';
import type { StudentScope } from '@/features/student/api/student-queries';
import modalClasses from './import-students-modal.module.css';

const MAX_BYTES = 5 * 1024 * 1024;

const col = dataTableColumnHelper<StudentImportError>();
const errorColumns = col.columns([
  col.accessor('rowNumber', { header: '行号', sortFn: 'basic', meta: { width: 72 } }),
  col.accessor((error) => error.studentNumber ?? '', {
    id: 'studentNumber',
    header: '学号',
    meta: { width: 130 },
  }),
  // The server's reason already names the column (学号不能为空, 手机号格式不正确…).
  col.accessor('reason', { header: '原因', enableSorting: false }),
]);

/**
 * 导入学生: pick the administrative class, take the template's .xlsx, send it.
 * The server checks the whole file first; with any bad row nothing is
 * imported and the rows are listed here (行号, 学号, 原因).
 */
export function ImportStudentsModal({
  opened,
  onClose,
  scope,
  schoolId,
  classes,
  defaultClassId,
}: {
  opened: boolean;
  onClose: () => void;
  scope: StudentScope;
  schoolId: string;
  classes: readonly SchoolClass[];
  defaultClassId?: string | undefined;
}) {
  const queryClient = useQueryClient();
  const session = useSessionApi();
  const upload = useMutation(uploadStudentsMutation(queryClient, scope));
  const template = useMutation(downloadStudentTemplateMutation(() => session.auth()));
  const [classId, setClassId] = useState<string | null>(defaultClassId ?? null);
  const [file, setFile] = useState<File | null>(null);
  const [result, setResult] = useState<StudentImportResult | null>(null);
  const target = classes.find((item) => item.classId === classId);

  const close = () => {
    setFile(null);
    setResult(null);
    upload.reset();
    onClose();
  };

  const submit = () => {
    if (!target || !file) return;
    setResult(null);
    upload.mutate(
      {
        schoolId,
        collegeId: target.collegeId,
        majorId: target.majorId,
        gradeId: target.gradeId,
        classId: target.classId,
        file,
      },
      {
        onSuccess: (answer) => {
          if (answer.success) {
            const created = answer.createdAccountNum ? `，其中新建账号 ${answer.createdAccountNum} 个` : '';
            notifications.show({
              color: 'teal',
              message: `已向${target.className}导入 ${answer.importedNum} 名学生${created}`,
            });
            close();
          } else setResult(answer);
        },
      },
    );
  };

  return (
    <Modal opened={opened} onClose={close} title="导入学生" size="lg">
      <Stack gap="md">
        <Select
          label="导入到行政班"
          placeholder={classes.length ? '选择行政班' : '没有可选的行政班'}
          required
          searchable
          allowDeselect={false}
          data={classes.map((item) => ({
            value: item.classId,
            label: `${item.className}（${item.collegeName} · ${item.majorName} · ${item.gradeName}）`,
          }))}
          value={classId}
          onChange={setClassId}
          nothingFoundMessage="没有匹配的行政班"
        />
        <Text size="sm" c="dimmed">
          请按模板填写：学号、姓名、性别（男/女）、账号（可空，默认学号）、手机号、邮箱。
          <Anchor component="button" type="button" size="sm" ml={4} onClick={() => template.mutate()}>
            下载导入模板
          </Anchor>
        </Text>
        <XlsxDrop
          file={file}
          onChange={(picked) => {
            setResult(null);
            setFile(picked);
          }}
          maxBytes={MAX_BYTES}
          limits="一个文件最多 2000 名学生"
          label="学生 Excel 文件"
        />

        {result && !result.success ? (
          <Stack gap="xs">
            <Alert
              color="red"
              variant="light"
              icon={<IconAlertTriangle size={18} aria-hidden />}
              title="导入失败，没有导入任何学生"
            >
              文件中有 {result.errors.length} 处错误，请按下表修改后重新上传。
            </Alert>
            <DataTable
              label="导入错误"
              columns={errorColumns}
              data={result.errors}
              getRowId={(error) => `${error.rowNumber}:${error.column ?? ''}:${error.reason}`}
              height={280}
              virtualizeAfter={50}
            />
          </Stack>
        ) : null}

        <Group justify="flex-end" gap="sm" className={modalClasses.actions}>
          <Button variant="default" onClick={close}>
            取消
          </Button>
          <Button
            leftSection={<IconUpload size={16} aria-hidden />}
            disabled={!target || !file}
            loading={upload.isPending}
            onClick={submit}
          >
            开始导入
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
